"""``python -m engine`` runs the ``cardrules`` command."""
from engine.cli.main import main

if __name__ == "__main__":
    main()
