"""The ruleset language: YAML with positions, overlays, the schema, semantic checks, options and the Ruleset model."""
