"""What several families share: ``rules`` (actions at any time, cards counted by type) and ``front`` (typed
commands and prompts, narration helpers, bounded views for learning libraries, the front half's shape)."""
