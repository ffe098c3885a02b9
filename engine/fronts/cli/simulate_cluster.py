"""A Dask cluster for ``cardrules simulate --scheduler``: reached, checked at the start, watched while it plays.

A cluster that cannot play is told in the user's words, never waited for
without end: an address where nothing listens or nothing answers as a
scheduler, a scheduler with no worker (exit 2, before any game); and, while
the games are played, a scheduler lost or frozen or a last worker gone
(:func:`cluster_liveness`, which :func:`engine.fronts.simulation.runner.run_simulation`
calls). Every wait is bounded by ``--scheduler-timeout``.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
from typing import Any
from urllib.parse import urlsplit

import click
from babel.numbers import format_decimal

from engine.base.formatting import reader_locale
from engine.base.i18n import _
from engine.fronts.simulation.runner import WorkersLost

# Seconds to wait for a scheduler to answer and for a worker, unless --scheduler-timeout says otherwise.
SCHEDULER_TIMEOUT = 10.0


def check_reachable(address: str, timeout: float = SCHEDULER_TIMEOUT) -> None:
    """Fail at once (OSError) when nothing listens at a ``tcp://HOST:PORT`` address.

    Dask's client keeps retrying a refused connection until its timeout; a
    typo in the address deserves an answer now, not in ten seconds.
    """

    parts = urlsplit(address if "://" in address else f"tcp://{address}")
    if parts.scheme != "tcp" or parts.hostname is None or parts.port is None:
        return  # other transports (tls://, inproc://): let Dask judge
    with socket.create_connection((parts.hostname, parts.port), timeout=timeout) as connection:
        # A Dask scheduler speaks first (its handshake); something that accepts and stays silent would
        # keep Dask's client waiting for ever, whatever its timeout says.
        try:
            greeting = connection.recv(1)
        except TimeoutError:
            greeting = b""
        if not greeting:
            # TRANSLATORS: --scheduler names an address where something listens but no Dask scheduler answers.
            raise TimeoutError(_("something listens there but does not answer as a Dask scheduler"))


def dask_executor(address: str, timeout: float = SCHEDULER_TIMEOUT) -> tuple[Any, Any, int]:
    """``(client, executor, worker threads)`` for a Dask scheduler (exit 2 when unusable); ``timeout`` seconds
    for the scheduler to answer and for its first worker."""
    try:
        from distributed import Client  # lazy: Dask is an optional dependency (the cluster extra)
    except ImportError:
        # TRANSLATORS: --scheduler needs the optional Dask dependency.
        raise click.UsageError(_("--scheduler needs Dask: pip install 'cardrules[cluster]'.")) from None
    # Dask's client (and tornado, its network layer) log their attempts to reach a lost scheduler, tracebacks
    # and all, on stderr: what they mean for the run is told once, in the user's words (see why_lost).
    for name in ["distributed", "tornado", *logging.root.manager.loggerDict]:
        if name.split(".")[0] in ("distributed", "tornado"):  # Dask's configuration sets some levels one by one
            logging.getLogger(name).setLevel(logging.CRITICAL)
    try:
        check_reachable(address, timeout)
        client = Client(address, timeout=f"{timeout}s")
    except (OSError, TimeoutError, ValueError) as problem:
        # TRANSLATORS: {address} is the --scheduler value, {reason} the network error.
        raise click.BadParameter(
            _(
                "cannot reach the Dask scheduler at {address}: {reason}",
                address=address,
                reason=str(problem) or type(problem).__name__,
            ),
            param_hint="--scheduler",
        ) from None
    try:
        # Work sent to a cluster without workers would wait for ever.
        client.wait_for_workers(1, timeout=timeout)
    except (OSError, TimeoutError):
        close_client(client, timeout)
        # TRANSLATORS: {address} is the --scheduler value; {seconds} how long we waited for a worker.
        raise click.BadParameter(
            _(
                "the Dask scheduler at {address} has no workers (none came within {seconds} s)",
                address=address,
                seconds=format_decimal(timeout, locale=reader_locale()),
            ),
            param_hint="--scheduler",
        ) from None
    workers = sum(client.nthreads().values()) or 1
    return client, client.get_executor(pure=False), workers


def cluster_liveness(client: Any, address: str, timeout: float) -> Any:
    """A check that the cluster can still play, for :func:`run_simulation` to call when no batch comes back.

    Dask keeps waiting for ever when the last worker is gone (the batches wait
    for one to join) or when the scheduler froze (its connection stays open),
    and for minutes when every worker froze (the scheduler lists it until its
    ``worker-ttl``): the check asks the scheduler for a running worker, then
    whether any worker's heartbeats went on over ``timeout`` seconds, in a
    thread of its own so that a scheduler that never answers cannot hold this
    one. No worker within ``timeout`` seconds, no heartbeat over as long, or no
    answer within twice that, is :class:`WorkersLost`.
    """

    seconds = format_decimal(timeout, locale=reader_locale())

    def check_alive() -> None:
        outcome: list[BaseException | None] = []

        def ask() -> None:
            try:
                client.wait_for_workers(1, timeout=timeout)
                # A frozen worker (stopped, not ended) stays registered until the scheduler's worker-ttl (minutes)
                # gives up on it: a worker still counts only if its heartbeats go on. Compared by the scheduler's
                # own clock, twice, so that the two machines' clocks need not agree.
                before = heartbeats(client)
                time.sleep(timeout)
                after = heartbeats(client)
            except Exception as problem:  # whatever the client meets: told below, in the user's words
                outcome.append(problem)
            else:
                alive = any(seen > before.get(worker, float("-inf")) for worker, seen in after.items())
                outcome.append(None if alive else WorkersFrozen())

        asking = threading.Thread(target=ask, name="cardrules-cluster-check", daemon=True)
        asking.start()
        asking.join(2 * timeout)  # the wait for a worker or for heartbeats, and as long again for the answers
        if not outcome:
            raise WorkersLost(
                # TRANSLATORS: simulate --scheduler: the scheduler stopped answering while games were played;
                # {seconds} is how long it was waited for.
                _(
                    "the Dask scheduler at {address} stopped answering (nothing for {seconds} s)",
                    address=address,
                    seconds=format_decimal(2 * timeout, locale=reader_locale()),
                )
            )
        problem = outcome[0]
        if isinstance(problem, TimeoutError):
            raise WorkersLost(
                # TRANSLATORS: simulate --scheduler: every worker of the cluster went away while games were played;
                # {seconds} is how long one was waited for.
                _(
                    "the Dask cluster at {address} has no worker left (none came within {seconds} s)",
                    address=address,
                    seconds=seconds,
                )
            )
        if isinstance(problem, WorkersFrozen):
            raise WorkersLost(
                # TRANSLATORS: simulate --scheduler: the cluster's workers are still listed but sent no sign of life
                # while games were played (frozen); {seconds} is how long they were watched.
                _(
                    "the Dask cluster at {address} has no worker that answers (none for {seconds} s)",
                    address=address,
                    seconds=seconds,
                )
            )
        if problem is not None:
            raise WorkersLost(lost_scheduler(address))

    return check_alive


class WorkersFrozen(Exception):
    """Every worker the scheduler lists sent no heartbeat while it was watched."""


def heartbeats(client: Any) -> dict[str, float]:
    """When the scheduler last heard from each of its workers (by its own clock)."""
    workers = client.scheduler_info(n_workers=-1).get("workers") or {}
    return {address: float(info.get("last_seen") or 0.0) for address, info in workers.items()}


def lost_scheduler(address: str) -> str:
    """The scheduler at ``address`` was lost while games were played."""
    # TRANSLATORS: simulate --scheduler: the connection to the scheduler was lost while games were played
    # (it ended, or the network failed); its games under way were cancelled.
    return _("the Dask scheduler at {address} was lost: its games under way were cancelled", address=address)


def close_client(client: Any, timeout: float) -> None:
    """Close a Dask client within ``timeout`` seconds, whatever became of its scheduler."""
    try:
        client.close(timeout=timeout)
    except Exception:  # a scheduler lost or frozen: the run's outcome is told already
        pass
