"""The public exceptions. They are defined by the compiled core so C++ can raise them."""

from ._core import CardDataError, IllegalActionError, RulesError

__all__ = ["CardDataError", "IllegalActionError", "RulesError"]
