# How `make` installs Python packages into the course's venv (included by deploy/jupyterhub/classroom.mk, which
# the Makefile includes): $(call install,ARGUMENTS). uv (from PyPI, pinned in constraints.txt) installs the
# same packages as pip in ~7 s where pip takes ~60 s, which every clean clone (CI) pays. uv does not read pip's
# configuration (a school's own package index, say), so where uv fails pip installs them.
install = $(VENV)/bin/uv pip install --quiet --python $(PY) $(1) || $(PY) -m pip install --quiet --disable-pip-version-check $(1)
