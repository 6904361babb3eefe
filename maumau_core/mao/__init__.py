"""The Mao wing: the law notation, the law library, exact law checks, the detective and its clues.

It needs ``lark`` for the notation, so the package face (``maumau_core``)
imports it only when one of its names is first used: a lesson or a
simulation that never meets a secret law stays light.
"""

from maumau_core.mao.law_library import LAWS, LIBRARY, find_law
from maumau_core.mao.notation import BadLaw, WrittenLaw, parse_law

__all__ = ["BadLaw", "LAWS", "LIBRARY", "WrittenLaw", "find_law", "parse_law"]
