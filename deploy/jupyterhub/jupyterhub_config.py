"""JupyterHub configuration of the course for a class on one machine (``make classroom``).

Each learner logs in and gets a server of their own that opens on the course map, the lesson pages
served by Voilà inside it (``/user/<name>/voila/render/notebooks/00_welcome.ipynb``) and JupyterLab
beside them for the exercises (``/user/<name>/lab``). What each learner does is saved in their own
progress file (``classroom_files.py``), which reaches their kernels as ``MAUMAU_PROGRESS``. The hub
stops servers idle for an hour (``jupyterhub-idle-culler``), and its admins, the teachers, read who
solved what in the class report (``/services/class-report/``, ``class_report.py``).

Everything below runs as the user who starts the hub. Learners are not system users: the spawner
(``SimpleLocalProcessSpawner``) gives each a home under the classroom folder and keeps their progress
apart, but it is no wall between them (their code runs as that same user), and the authenticator
(``SharedPasswordAuthenticator``) knows one password for the class and one for its teachers. That
suits trying the course as a class on one machine and its tests; the hub therefore listens on this
machine only (``MAUMAU_HUB_IP`` other than a loopback address is refused). A school uses real accounts and one container per learner instead:
``deploy/README.md`` (Zero to JupyterHub, The Littlest JupyterHub).

Set by the environment (``classroom.mk`` sets them; the tests too):

* ``MAUMAU_CLASSROOM_DIR`` (required): the hub's state (database, cookie secret), the learners' homes
  and their progress files;
* ``MAUMAU_CLASS_PASSWORD``: the password every learner logs in with (required, 8 characters or more);
* ``MAUMAU_TEACHER_PASSWORD``: the teachers' own (required, 32 characters or more: it opens everything);
* ``MAUMAU_CLASS_LEARNERS`` and ``MAUMAU_CLASS_TEACHERS``: user names, separated by spaces;
* ``MAUMAU_HUB_IP`` (``127.0.0.1``) and ``MAUMAU_HUB_PORT`` (8000): where the class opens the hub;
  the hub's own API, the proxy's API and the class report take the three ports after it, unless
  ``MAUMAU_HUB_API_PORT``, ``MAUMAU_PROXY_API_PORT`` and ``MAUMAU_REPORT_PORT`` say otherwise;
* ``MAUMAU_IDLE_TIMEOUT``: seconds of inactivity after which a learner's server is stopped (3600).
"""

import ipaddress
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from classroom_files import COURSE, home, lay_out_course, progress_file  # noqa: E402

VENV_BIN = Path(sys.executable).parent
CLASSROOM = Path(os.environ.get("MAUMAU_CLASSROOM_DIR", "")).resolve()
PASSWORD = os.environ.get("MAUMAU_CLASS_PASSWORD", "")
TEACHER_PASSWORD = os.environ.get("MAUMAU_TEACHER_PASSWORD", "")
LEARNERS = set(os.environ.get("MAUMAU_CLASS_LEARNERS", "").split())
TEACHERS = set(os.environ.get("MAUMAU_CLASS_TEACHERS", "").split())
IP = os.environ.get("MAUMAU_HUB_IP", "127.0.0.1")
PORT = int(os.environ.get("MAUMAU_HUB_PORT", "8000"))
HUB_API_PORT = int(os.environ.get("MAUMAU_HUB_API_PORT", str(PORT + 1)))
PROXY_API_PORT = int(os.environ.get("MAUMAU_PROXY_API_PORT", str(PORT + 2)))
REPORT_PORT = int(os.environ.get("MAUMAU_REPORT_PORT", str(PORT + 3)))
IDLE_TIMEOUT = int(os.environ.get("MAUMAU_IDLE_TIMEOUT", "3600"))
COURSE_MAP = "/voila/render/notebooks/00_welcome.ipynb"

if not os.environ.get("MAUMAU_CLASSROOM_DIR"):
    raise SystemExit("Set MAUMAU_CLASSROOM_DIR: the folder of the hub's state and the learners' homes and progress.")
if not PASSWORD or not TEACHER_PASSWORD:
    raise SystemExit(
        "Set MAUMAU_CLASS_PASSWORD and MAUMAU_TEACHER_PASSWORD: the passwords the class and its "
        "teachers log in with (make classroom makes them)."
    )
if not ipaddress.ip_address(IP).is_loopback:
    raise SystemExit(
        f"MAUMAU_HUB_IP={IP}: this hub runs every learner as one system user and knows shared "
        "passwords only, so it listens on this machine only; deploy/README.md says how a school "
        "serves a class."
    )
CLASSROOM.mkdir(parents=True, exist_ok=True)

c = get_config()  # noqa: F821 - provided by traitlets when it loads this file

# The hub, its proxy (configurable-http-proxy from npm, installed by classroom.mk) and their state.
c.JupyterHub.bind_url = f"http://{IP}:{PORT}"
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{HUB_API_PORT}"
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{PROXY_API_PORT}"
c.ConfigurableHTTPProxy.command = [str(VENV_BIN.parent / "chp" / "node_modules" / ".bin" / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(CLASSROOM / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{CLASSROOM / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(CLASSROOM / "cookie_secret")

# Who may log in: the class with its password, the teachers (admins) with theirs.
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = PASSWORD
c.SharedPasswordAuthenticator.admin_password = TEACHER_PASSWORD
c.Authenticator.allowed_users = LEARNERS | TEACHERS
c.Authenticator.admin_users = TEACHERS

# Each learner's server: their home under the classroom folder with their copy of the course, their own
# progress file, the course's Voilà template and JupyterLab settings (singleuser/jupyter_server_config.py).
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(home(CLASSROOM, "{username}"))
# The learners' servers run one step below the hub and its proxy (nice 10): when a whole class logs in at once
# on a few cores, the hub keeps answering (the proxy's routes, the spawn pages) while the servers start.
c.Spawner.cmd = ["nice", "-n", "10", str(VENV_BIN / "jupyterhub-singleuser")]
c.Spawner.args = ["--ServerApp.allow_root=True"] if os.geteuid() == 0 else []
c.Spawner.default_url = COURSE_MAP
c.Spawner.environment = {
    "MAUMAU_PROGRESS": lambda spawner: str(progress_file(CLASSROOM, spawner.user.name)),
    "JUPYTER_CONFIG_PATH": str(HERE / "singleuser"),
    "JUPYTER_PATH": str(COURSE / "etc" / "jupyter"),  # the course's Voilà template
}
c.Spawner.pre_spawn_hook = lambda spawner: lay_out_course(home(CLASSROOM, spawner.user.name))
# A first start on two busy cores takes a while: thirty learners logging in within half a minute wait up to
# about two minutes for the last server (benchmarks/classroom.py); a server is given five before it is dropped.
c.Spawner.http_timeout = 300
c.Spawner.start_timeout = 300

# Services: the idle culler stops learners' servers nobody has used for IDLE_TIMEOUT seconds; the class
# report is for the teachers. Each gets the least it needs through its role.
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [
            sys.executable,
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={IDLE_TIMEOUT}",
            f"--cull-every={max(IDLE_TIMEOUT // 6, 10)}",
        ],
    },
    {
        "name": "class-report",
        "display": True,
        "oauth_no_confirm": True,
        "url": f"http://127.0.0.1:{REPORT_PORT}",
        "command": [sys.executable, str(HERE / "class_report.py")],
        "environment": {
            "MAUMAU_CLASSROOM_DIR": str(CLASSROOM),
            "PYTHONPATH": os.pathsep.join(filter(None, [str(HERE), os.environ.get("PYTHONPATH")])),
        },
    },
]
c.JupyterHub.load_roles = [
    {
        "name": "idle-culler",
        "services": ["idle-culler"],
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    },
    {"name": "class-report", "services": ["class-report"], "scopes": ["list:users", "read:users"]},
]
