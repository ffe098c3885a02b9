"""File formats users exchange: game logs, replays, table files."""
