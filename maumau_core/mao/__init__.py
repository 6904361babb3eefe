"""The Mao wing: the law notation, the law library, exact law checks, the detective and its clues.

The notation's parser (``lark``) is imported by the first law read, not by
importing the wing (``notation``); the package face (``maumau_core``) imports
the wing only when one of its names is first used.
"""

from maumau_core.mao.law_library import LAWS, LIBRARY, find_law
from maumau_core.mao.notation import BadLaw, WrittenLaw, parse_law

__all__ = ["BadLaw", "LAWS", "LIBRARY", "WrittenLaw", "find_law", "parse_law"]
