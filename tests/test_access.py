"""What a screen reader hears of the tables, without a browser: card names with their state, the table's news
(only what changed), the shortcut lists, and one live region per table."""

from __future__ import annotations

from maumau_core.engine.cards import Card
from maumau_core.engine.round import Round
from maumau_core.engine.rules import preset
from maumau_core.sentences import access as say
from maumau_core.widgets import MaoTable, PlayTable
from maumau_core.widgets.announce import TableNews, news_html, table_facts
from maumau_core.widgets.common import card_button
from maumau_core.widgets.views import keys_html, log_html, message_html

QUEEN = Card.parse("QH")


def test_a_card_button_is_named_by_its_card_and_whether_it_may_be_played() -> None:
    assert card_button(QUEEN, playable=True).tooltip == "queen of hearts, may be played"
    assert card_button(QUEEN, playable=False).tooltip == "queen of hearts, may not be played"
    assert card_button(QUEEN).tooltip == "queen of hearts"
    assert card_button(QUEEN, picked=True).tooltip == "queen of hearts, picked"


def test_a_playable_card_has_a_class_for_its_mark_not_only_a_colour() -> None:
    assert "mm-playable" in card_button(QUEEN, playable=True)._dom_classes
    assert "mm-playable" not in card_button(QUEEN, playable=False)._dom_classes
    assert say.PLAYABLE_MARK in say.hand_hint()


def test_the_news_says_only_what_changed() -> None:
    round_ = Round(preset("classic"), [["5H", "KH"], ["QS", "2S"], ["7C", "8D"]], ["9H"], ["2D", "3D"])
    news = TableNews()
    names = ["You", "Player 1", "Player 2"]
    assert news.update(round_, me=0, names=names) == "Top card: nine of hearts. Your turn."
    assert news.update(round_, me=0, names=names) == ""  # nothing changed: nothing said
    round_.turn = 1
    assert news.update(round_, me=0, names=names) == "Player 1's turn."
    assert set(table_facts(round_, me=0, names=names)) == {"top", "turn"}


def test_a_waiting_penalty_and_a_named_suit_are_news() -> None:
    round_ = Round(preset("classic"), [["5H"], ["QS"]], ["7S"], ["2D"], turn=1, suit="H", pending_draw=2)
    assert table_facts(round_, me=0, names=["You", "Ben"]) == {
        "top": "Top card: seven of spades.",
        "suit": "Suit named: hearts ♥.",
        "waiting": "A draw penalty of 2 cards is waiting.",
        "turn": "Ben's turn.",
    }
    assert "hearts" in say.named_suit_news(QUEEN.suit)
    assert say.turn_news("Player 2", mine=False) == "Player 2's turn." and say.turn_news("", mine=True) == "Your turn."
    assert news_html("") == ""
    assert 'class="mm-news mm-sr-only"' in news_html("Your turn.")


def test_messages_and_logs_are_not_live_regions_themselves() -> None:
    """The box around them is the one live region (the page's script marks it): markup rebuilt on every
    update would be a new region each time, which screen readers do not reliably read."""
    assert "role=" not in message_html("Hello") and "aria-live" not in message_html("Hello")
    assert "aria-live" not in log_html(["One.", "Two."])


def test_each_table_lists_its_keys() -> None:
    for keys, table in ((say.TABLE_KEYS, PlayTable()), (say.MAO_KEYS, MaoTable())):
        shown = [getattr(child, "value", None) for child in table.widget.children]
        assert keys_html(keys) in shown
        assert "<kbd>D</kbd> draw" in keys_html(keys) and "<kbd>Enter</kbd>" in keys_html(keys)


def test_the_table_tells_its_news_in_its_message_box() -> None:
    table = PlayTable(seed=3)
    table.new_match()
    assert "Top card:" in table._message.value and "mm-sr-only" in table._message.value
