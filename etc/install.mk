# How `make` installs Python packages into the course's venv: $(call install,ARGUMENTS). Included by the
# Makefile and by deploy/jupyterhub/classroom.mk (which also runs on its own). uv (from PyPI, pinned in
# constraints.txt) installs the same packages as pip in ~7 s where pip takes ~60 s, which every clean clone
# (CI) pays. uv does not read pip's configuration (a school's own package index, say), so where uv fails, or
# is not in a venv made before it was, pip installs them.
install = $(VENV)/bin/uv pip install --quiet --python $(PY) $(1) || $(PY) -m pip install --quiet --disable-pip-version-check $(1)
