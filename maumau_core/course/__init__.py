"""The course around the engine: its outline (pages, links, checks), a learner's progress and key, practice
and drills, the final quiz, the coverage of the rules by lessons, the rule sets in plain words, and the
translated pages with their catalogues. Built on :mod:`maumau_core.engine`, shown by the widgets."""
