"""Text: translation, CLDR formatting, scoring explanations, the translators' tools."""
