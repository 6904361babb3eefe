"""The classroom deployments (``deploy/``) without a running hub: the hub configuration loads and keeps each
learner's progress apart, the course files are laid out as the lessons expect, the teacher's report
counts what it should, and the Zero to JupyterHub values agree with the classroom hub and with the
course's own folder (there is no Kubernetes here to run them; ``tests/browser/test_classroom.py`` runs
the classroom hub itself).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import yaml
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader

ROOT = Path(__file__).resolve().parents[1]
HUB_DIR = ROOT / "deploy" / "jupyterhub"
sys.path.insert(0, str(HUB_DIR))

from class_record import CHECK_IDS, EXERCISE_IDS, LAW_NAMES, LearnerLine  # noqa: E402
from classroom_files import lay_out_course, progress_file  # noqa: E402

from maumau_core.course.progress import Progress  # noqa: E402

# The JupyterHub version each chart version runs (the chart's changelog): the images and the classroom
# hub must speak the hub's version.
CHART_RUNS_JUPYTERHUB = {"4.4.0": "5.5.0"}
# The chart's keys this course sets (from the chart's values.yaml); under these the chart passes
# everything through to JupyterHub or Kubernetes as it is.
PASSED_THROUGH = (
    "hub.config.",
    "hub.services.",
    "hub.loadRoles.",
    "hub.extraVolumes",
    "hub.extraVolumeMounts",
    "hub.service.extraPorts",
    "hub.networkPolicy.ingress",
    "proxy.chp.networkPolicy.egress",
    "singleuser.extraEnv.",
    "singleuser.lifecycleHooks.postStart",
    "singleuser.storage.extraVolumes",
    "singleuser.storage.extraVolumeMounts",
)
CHART_KEYS = {
    "hub.image.name",
    "hub.image.tag",
    "singleuser.image.name",
    "singleuser.image.tag",
    "singleuser.defaultUrl",
    "singleuser.storage.capacity",
    "singleuser.memory.guarantee",
    "singleuser.memory.limit",
    "singleuser.cpu.guarantee",
    "singleuser.cpu.limit",
    "cull.enabled",
    "cull.timeout",
    "cull.every",
}
Z2JH = ROOT / "deploy" / "z2jh" / "config.yaml"


def load_hub_config(monkeypatch: pytest.MonkeyPatch, classroom: Path, **env: str) -> Config:
    values = {
        "MAUMAU_CLASSROOM_DIR": str(classroom),
        "MAUMAU_CLASS_PASSWORD": "learners-password",
        "MAUMAU_TEACHER_PASSWORD": "t" * 32,
        "MAUMAU_CLASS_LEARNERS": "ana ben",
        "MAUMAU_CLASS_TEACHERS": "teacher",
        **env,
    }
    for name, value in values.items():
        monkeypatch.setenv(name, value)
    config: Config = PyFileConfigLoader("jupyterhub_config.py", path=str(HUB_DIR)).load_config()
    return config


def learner(name: str) -> Any:
    return SimpleNamespace(user=SimpleNamespace(name=name))


def test_the_hub_config_gives_each_learner_their_own_progress_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    config = load_hub_config(monkeypatch, tmp_path)
    progress_of = config.Spawner.environment["MAUMAU_PROGRESS"]
    assert progress_of(learner("ana")) == str(progress_file(tmp_path, "ana"))
    assert progress_of(learner("ben")) == str(progress_file(tmp_path, "ben"))
    assert progress_of(learner("ana")) != progress_of(learner("ben"))
    assert config.Authenticator.allowed_users == {"ana", "ben", "teacher"}
    assert config.Authenticator.admin_users == {"teacher"}
    assert config.Spawner.default_url == "/voila/render/notebooks/00_welcome.ipynb"
    assert (ROOT / "notebooks" / "00_welcome.ipynb").exists()
    services = {service["name"]: service for service in config.JupyterHub.services}
    assert "--timeout=3600" in services["idle-culler"]["command"]
    assert Path(services["class-report"]["command"][-1]) == HUB_DIR / "class_report.py"
    roles = {role["name"]: role["scopes"] for role in config.JupyterHub.load_roles}
    assert roles["class-report"] == ["list:users", "read:users"]  # reads the user list, changes nothing


def test_the_hub_refuses_to_run_without_passwords_or_beyond_this_machine(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    with pytest.raises(SystemExit, match="MAUMAU_CLASS_PASSWORD"):
        load_hub_config(monkeypatch, tmp_path, MAUMAU_TEACHER_PASSWORD="")
    with pytest.raises(SystemExit, match="listens on this machine only"):
        load_hub_config(monkeypatch, tmp_path, MAUMAU_HUB_IP="0.0.0.0")


def test_lessons_are_refreshed_and_exercises_kept(tmp_path: Path) -> None:
    lay_out_course(tmp_path)
    lessons = sorted(path.relative_to(tmp_path) for path in (tmp_path / "notebooks").rglob("*.ipynb"))
    assert lessons == sorted(path.relative_to(ROOT) for path in (ROOT / "notebooks").rglob("*.ipynb"))
    assert (tmp_path / "notebooks" / "fr" / "00_welcome.ipynb").exists()  # each language's pages come too
    exercise = tmp_path / "exercises" / "01_cards_and_matching.ipynb"
    lesson = tmp_path / "notebooks" / "00_welcome.ipynb"
    exercise.write_text("the learner's work")
    lesson.write_text("an old lesson")
    lay_out_course(tmp_path)
    assert exercise.read_text() == "the learner's work"
    assert lesson.read_bytes() == (ROOT / "notebooks" / "00_welcome.ipynb").read_bytes()
    # an exercise links to its lesson as ../notebooks/<lesson>.ipynb: the layout keeps that link working
    link = re.search(r"\]\(\.\./notebooks/([\w.]+)\)", (ROOT / "exercises" / exercise.name).read_text())
    assert link is not None and (tmp_path / "notebooks" / link.group(1)).exists()


def test_the_report_counts_what_the_course_offers(tmp_path: Path) -> None:
    progress = Progress.load(tmp_path / "progress.json")
    assert LearnerLine.of("ben", progress) == LearnerLine("ben", 0, 0, 0, {}, None)
    exercise, check, law = sorted(EXERCISE_IDS)[0], sorted(CHECK_IDS)[0], sorted(LAW_NAMES)[0]
    progress.solve(exercise)
    progress.solve("an-exercise-the-course-no-longer-has")
    progress.pass_check(check)
    progress.solve_law(law, plays=12, guesses=2)
    progress.answer("playable", right=True)
    progress.answer("playable", right=True)
    progress.answer("playable", right=False)
    line = LearnerLine.of("ana", Progress.load(tmp_path / "progress.json"))
    assert line == LearnerLine("ana", 1, 1, 1, {"May I play it?": 2}, None)


def flat_keys(values: Any, prefix: str = "") -> list[str]:
    if not isinstance(values, dict):
        return [prefix.rstrip(".")]
    if any(prefix.startswith(passed) for passed in PASSED_THROUGH):
        return [prefix.rstrip(".")]
    return [key for name, value in values.items() for key in flat_keys(value, f"{prefix}{name}.")]


def course_path(image_path: str) -> Path:
    """Where a path of the image (the course at /srv/course) is in the course's own folder."""
    assert image_path.startswith("/srv/course/"), image_path
    return ROOT / image_path.removeprefix("/srv/course/")


def test_the_z2jh_values_name_chart_keys_and_agree_with_the_classroom_hub(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    values = yaml.safe_load(Z2JH.read_text())
    for key in flat_keys(values):
        assert key in CHART_KEYS or any(key.startswith(passed.rstrip(".")) for passed in PASSED_THROUGH), key
    hub_config = load_hub_config(monkeypatch, tmp_path)
    singleuser = values["singleuser"]
    assert singleuser["defaultUrl"] == hub_config.Spawner.default_url
    assert values["cull"]["timeout"] == 3600 and "--timeout=3600" in hub_config.JupyterHub.services[0]["command"]
    # the images and the classroom hub run the JupyterHub version of the chart the values are for
    chart = re.search(r"k8s-hub:([\d.]+)", (ROOT / "deploy" / "image" / "hub.Dockerfile").read_text())
    assert chart is not None and chart.group(1) in CHART_RUNS_JUPYTERHUB
    assert f"jupyterhub=={CHART_RUNS_JUPYTERHUB[chart.group(1)]}" in (HUB_DIR / "requirements.txt").read_text()
    # the paths the learners' pods use are the course's files in the image
    env = singleuser["extraEnv"]
    assert (course_path(env["JUPYTER_CONFIG_PATH"]) / "jupyter_server_config.py").exists()
    assert (course_path(env["JUPYTER_PATH"]) / "voila" / "templates" / "course").is_dir()
    report = values["hub"]["services"]["class-report"]
    assert course_path(report["command"][-1]) == HUB_DIR / "class_report.py"
    assert course_path(report["environment"]["PYTHONPATH"]) == HUB_DIR
    # each learner's own folder of the progress volume holds their progress file, and the hub reads it
    # where classroom_files says the report looks for it
    (learner_mount,) = singleuser["storage"]["extraVolumeMounts"]
    assert learner_mount["subPath"] == "{username}"
    assert env["MAUMAU_PROGRESS"] == learner_mount["mountPath"] + "/progress.json"
    (hub_mount,) = values["hub"]["extraVolumeMounts"]
    classroom = Path(report["environment"]["MAUMAU_CLASSROOM_DIR"])
    assert progress_file(classroom, "ana") == Path(hub_mount["mountPath"]) / "ana" / "progress.json"
    assert hub_mount["readOnly"] is True
    # the proxy reaches the report on one port throughout
    port = int(report["url"].rsplit(":", 1)[1])
    assert values["hub"]["service"]["extraPorts"][0]["targetPort"] == port
    assert values["hub"]["networkPolicy"]["ingress"][0]["ports"][0]["port"] == port
    assert values["proxy"]["chp"]["networkPolicy"]["egress"][0]["ports"][0]["port"] == port


def test_binder_starts_with_the_course_paths() -> None:
    start = (ROOT / "binder" / "start").read_text()
    paths = re.findall(r'"\$HOME/([\w/]+)', start)
    assert paths == ["etc/jupyter", "deploy/jupyterhub/singleuser"]
    assert all((ROOT / path).is_dir() for path in paths)
