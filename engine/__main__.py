"""``python -m engine`` runs the ``cardrules`` command."""

from engine.fronts.cli.start import main

if __name__ == "__main__":
    main()
