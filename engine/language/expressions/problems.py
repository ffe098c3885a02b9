"""The two ways an expression goes wrong: when it is read (:class:`ExpressionProblem`) and when it is
worked out in a game (:class:`ExpressionFailure`). Both carry where in the expression's text."""

from __future__ import annotations


class ExpressionProblem(Exception):
    """An expression that cannot be read or checked: a syntax error, an unknown name, a type that does not fit.

    ``offset`` is where in the text (0-based); ``validate`` turns it into a line and column of the file.
    """

    def __init__(self, message: str, offset: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


class ExpressionFailure(Exception):
    """An expression that cannot be worked out in the game at hand: the least of no number, a division by zero,
    a number past the limits, a name no step has set yet. The step that asked turns it into a located error."""

    def __init__(self, message: str, offset: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
