"""The load benchmark's client (``benchmarks/load_client.py``) behaves like a page: against the course's
own Voilà server it draws the course map (every widget model the page displays, and all they
reference, has its state), clicks "Deal a table" by comm message and receives the new deal, and
leaving the page shuts its kernel down. ``benchmarks/load.py`` then runs a class of such learners.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
sys.path.insert(0, str(BENCHMARKS))
from load import ROOT, CourseServer  # noqa: E402
from load_client import open_page  # noqa: E402


@pytest.fixture(scope="module")
def server() -> Iterator[CourseServer]:
    course = CourseServer(ROOT / "artifacts" / "voila-load-test.log")
    yield course
    course.stop()


def run(coroutine: Any) -> Any:
    """On a fresh event loop in its own thread: the browser tests' Playwright keeps a loop in the main thread."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, coroutine).result()


@pytest.mark.browser
def test_a_client_learner_draws_the_course_map_and_deals_a_table(server: CourseServer) -> None:

    async def learner() -> dict[str, Any]:
        async with httpx.AsyncClient() as http:
            page, result = await open_page(server.url, "00_welcome", http, timeout=45)
            assert result.status == "drawn", result
            seen: dict[str, Any] = {
                "views": list(page.views),
                "needed": page.needed(),
                "states": {model: dict(state) for model, state in page.states.items()},
            }
            deal = page.find("mm-deal")
            seen["deal"] = deal
            seen["click_ms"], seen["updated"] = await page.click(deal, timeout=20)
            seen["after"] = page.states[seen["updated"]]
            await page.leave()
            seen["kernel_after_leave"] = (await http.get(f"{server.url}/api/kernels/{page.kernel_id}")).status_code
            return seen

    seen = run(asyncio.wait_for(learner(), 55))
    states = seen["states"]
    # Drawn: the page's three widget views and everything they reference (boxes' children, layouts,
    # styles) have their states, the deal button among them.
    assert len(seen["views"]) >= 2
    assert seen["needed"] <= states.keys()
    assert len(seen["needed"]) > len(seen["views"])
    assert seen["deal"] in seen["needed"]
    assert states[seen["deal"]]["_model_name"] == "ButtonModel"
    assert states[seen["deal"]]["description"] == "Deal a table"
    # The click's reply: the deal's HTML output shows another deal.
    updated = seen["updated"]
    assert states[updated]["_model_name"] == "HTMLModel"
    assert "<svg" in seen["after"]["value"] and seen["after"]["value"] != states[updated]["value"]
    assert seen["click_ms"] < 20_000
    # Leaving the page shuts its kernel down, as a closing tab asks.
    assert seen["kernel_after_leave"] == 404
