"""Every learner-facing sentence of the library, one module per area.

Each module turns data (seats, cards, numbers, codes) into words; nothing
else in the library writes a sentence, and nothing rewrites one after it is
made. These modules are what a translation of the course translates.
"""
