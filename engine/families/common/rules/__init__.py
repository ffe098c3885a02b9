"""What the rules halves of several families share."""
