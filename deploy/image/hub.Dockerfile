# The hub's image on Zero to JupyterHub: the chart's own hub image (chart 4.4.0) with the course's library,
# so that the teachers' class report (deploy/jupyterhub/class_report.py) runs in the hub's pod and reads
# the learners' progress with the course's own code. Built from the course's folder:
#   docker build -f deploy/image/hub.Dockerfile -t registry.example.org/maumau-course-hub:0.1.0 .
FROM quay.io/jupyterhub/k8s-hub:4.4.0

USER root
COPY . /srv/course
RUN python3 -m pip install --no-cache-dir /srv/course
USER ${NB_USER}
