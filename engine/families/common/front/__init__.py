"""What the front halves of several families share: the pieces each front builds on."""
