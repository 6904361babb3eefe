# The course as a class on one machine: JupyterHub with a server per learner (deploy/jupyterhub/, deploy/README.md).
# Included from the Makefile (`make classroom`), or on its own from the course's folder, once the venv is there:
#   make -f deploy/jupyterhub/classroom.mk classroom
# `classroom-install` only installs the hub (the browser test uses it); `classroom` also starts it.

VENV ?= .venv
PY ?= $(VENV)/bin/python
HUB_DIR := deploy/jupyterhub
# jupyterhub and its idle culler from PyPI into the project's venv, configurable-http-proxy from npm into
# $(VENV)/chp: each pinned ($(HUB_DIR)/requirements.txt, $(HUB_DIR)/proxy/package-lock.json).
HUB_READY := $(VENV)/.hub-ready

include etc/install.mk

CLASSROOM_DIR ?= $(HOME)/maumau-classroom
CLASS_IP ?= 127.0.0.1
CLASS_PORT ?= 8000
CLASS_LEARNERS ?= learner-a learner-b
CLASS_TEACHERS ?= teacher
CLASS_IDLE_TIMEOUT ?= 3600

.PHONY: classroom classroom-install

$(HUB_READY): $(HUB_DIR)/requirements.txt $(HUB_DIR)/proxy/package.json $(HUB_DIR)/proxy/package-lock.json $(READY)
	@test -x $(PY) || { echo "No venv at $(VENV): run \`make run\` once first (it sets the course up)."; exit 1; }
	$(call install,-r $(HUB_DIR)/requirements.txt)
	mkdir -p $(VENV)/chp
	cp $(HUB_DIR)/proxy/package.json $(HUB_DIR)/proxy/package-lock.json $(VENV)/chp/
	npm ci --prefix $(VENV)/chp --silent --no-audit --no-fund
	touch $@

classroom-install: $(HUB_READY)

# The passwords are made once and kept in the classroom folder (readable by its owner only); the learners'
# homes and progress stay there too, so a restart or `make clean` loses nothing.
classroom: $(HUB_READY) $(COMPILED)
	@mkdir -p $(CLASSROOM_DIR) && chmod 700 $(CLASSROOM_DIR)
	@test -s $(CLASSROOM_DIR)/class_password || $(PY) -c "import secrets; print(secrets.token_urlsafe(9))" > $(CLASSROOM_DIR)/class_password
	@test -s $(CLASSROOM_DIR)/teacher_password || $(PY) -c "import secrets; print(secrets.token_urlsafe(32))" > $(CLASSROOM_DIR)/teacher_password
	@echo "The class opens at http://$(CLASS_IP):$(CLASS_PORT)/"
	@echo "  learners ($(CLASS_LEARNERS)): password $$(cat $(CLASSROOM_DIR)/class_password)"
	@echo "  teachers ($(CLASS_TEACHERS)): password $$(cat $(CLASSROOM_DIR)/teacher_password); class report: /services/class-report/"
	MAUMAU_CLASSROOM_DIR=$(CLASSROOM_DIR) MAUMAU_HUB_IP=$(CLASS_IP) MAUMAU_HUB_PORT=$(CLASS_PORT) \
	  MAUMAU_CLASS_LEARNERS="$(CLASS_LEARNERS)" MAUMAU_CLASS_TEACHERS="$(CLASS_TEACHERS)" \
	  MAUMAU_CLASS_PASSWORD="$$(cat $(CLASSROOM_DIR)/class_password)" \
	  MAUMAU_TEACHER_PASSWORD="$$(cat $(CLASSROOM_DIR)/teacher_password)" \
	  MAUMAU_IDLE_TIMEOUT=$(CLASS_IDLE_TIMEOUT) \
	  $(VENV)/bin/jupyterhub -f $(HUB_DIR)/jupyterhub_config.py
