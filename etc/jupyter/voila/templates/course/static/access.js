// The course for keyboard and screen-reader users: what ipywidgets cannot say about its own elements.
//
// ipywidgets gives a widget classes but no ARIA attributes, and no widget sees key presses, so this script,
// loaded by the course's page template, adds them to the widgets the course marks with classes:
// * the lesson's cells as the page's main landmark;
// * live regions that stay in the page: a table's message box, every answer's feedback box and the card
//   matcher's verdict (their inside is rebuilt on every update, the box itself is not), so each new
//   sentence is said (message_html in maumau_core/widgets/views.py is no live region itself);
// * card buttons named by their tooltip ("queen of hearts, may be played"), set in the kernel
//   (maumau_core/widgets/common.py::card_button);
// * toggle buttons with their pressed state (aria-pressed), slider handles with their control's label,
//   dropdowns without a description with their tooltip;
// * the tables' shortcuts (listed beside each table, maumau_core/sentences/access.py): arrows, Home/End
//   or a digit move along the hand, Enter plays (a card is a real button), a letter clicks its button (the
//   letters and their buttons are read from the table's list, its data-mm-keys: written once, in Python);
// * Enter in an answer box clicks its button, after sending the box's text ahead of the click;
// * focus kept at the hand when a move redraws it (the old button leaves the page), and taken to the suit
//   buttons when a jack waits for its suit.
// A shortcut only clicks the page's own buttons, so the kernel takes nothing it would not take from a click.
(function () {
  'use strict';

  var LIVE = '.mm-message-box, .mm-match-out, .widget-html[class*="-feedback"]';
  var TABLES = '.mm-play-table, .mm-mao-table';
  // Where focus is kept when a redraw takes away the element in focus: the tables, and the pages' cards
  // to pick (a picked card is drawn anew).
  var KEEPERS = TABLES + ', .mm-practice, .mm-quiz';
  // Letter -> the button it clicks: read from the shortcut list the table shows (maumau_core/widgets/views.py
  // keys_html puts them in its data-mm-keys), so the letters live in one place, the kernel's.
  function keysOf(table) {
    var list = table.querySelector('.mm-keys[data-mm-keys]');
    try { return list ? JSON.parse(list.getAttribute('data-mm-keys')) : {}; } catch (e) { return {}; }
  }

  function set(el, name, value) {
    if (el.getAttribute(name) !== value) { el.setAttribute(name, value); }
  }

  function shown(el) {
    return !!el && el.isConnected && !el.disabled && el.getClientRects().length > 0;
  }

  function cardsOf(box) {
    return Array.prototype.slice.call(box.querySelectorAll('.mm-card-button'));
  }

  // ------------------------------------------------------------------ names, states, live regions

  function label(root) {
    // The lesson is the page's main landmark: Voilà's template leaves out the <main> of the page it builds on,
    // and a screen reader's "next landmark" should land on the lesson, not on nothing.
    var cells = document.getElementById('rendered_cells');
    if (cells && !cells.closest('main, [role="main"]')) { set(cells, 'role', 'main'); }
    root.querySelectorAll(LIVE).forEach(function (box) {
      set(box, 'role', 'status');
      set(box, 'aria-live', 'polite');
      set(box, 'aria-atomic', 'true');
    });
    root.querySelectorAll('.mm-card-button').forEach(function (card) {
      var name = card.getAttribute('title');
      if (name) { set(card, 'aria-label', name); }
    });
    root.querySelectorAll('.widget-toggle-button').forEach(function (toggle) {
      set(toggle, 'aria-pressed', toggle.classList.contains('mod-active') ? 'true' : 'false');
    });
    // A control without a description (a dropdown in a row that reads as a sentence) is named by its
    // tooltip, which ipywidgets puts on the control or its hidden description label.
    root.querySelectorAll('.widget-dropdown, .widget-text').forEach(function (box) {
      var hidden = box.querySelector('.widget-label');
      var control = box.querySelector('select, input');
      var tooltip = control && ((hidden && hidden.title) || control.title);
      if (tooltip && !(hidden && hidden.textContent.trim())) { set(control, 'aria-label', tooltip); }
    });
    root.querySelectorAll('.widget-slider .noUi-handle').forEach(function (handle) {
      var box = handle.closest('.widget-slider');
      var text = box && box.querySelector('.widget-label');
      if (text && text.textContent.trim() && !handle.hasAttribute('aria-labelledby')) {
        set(handle, 'aria-label', text.textContent.trim());
      }
    });
  }

  // ------------------------------------------------------------------ focus

  var last = null;  // {el, box: its table or quiz, card: its index among the cards or -1}
  var suitsShown = new WeakSet();

  document.addEventListener('focusin', function (event) {
    var el = event.target;
    var box = el.closest && el.closest(KEEPERS);
    last = box ? {el: el, box: box, card: cardsOf(box).indexOf(el)} : null;
  });

  function keepFocus() {
    document.querySelectorAll(TABLES + ' .mm-suits').forEach(function (box) {
      var visible = box.getClientRects().length > 0;
      if (visible && !suitsShown.has(box)) {
        suitsShown.add(box);
        var first = box.querySelector('button');
        if (first) { first.focus(); }
      } else if (!visible) {
        suitsShown.delete(box);
      }
    });
    var active = document.activeElement;
    if (!last || (active && active !== document.body) || shown(last.el)) { return; }
    // The element in focus left the page (a played card, a hidden button): focus goes back to the hand.
    var cards = cardsOf(last.box);
    var again = last.card >= 0 && cards.length ? cards[Math.min(last.card, cards.length - 1)] : null;
    if (!again && last.el.classList) {
      var same = Array.prototype.slice.call(last.el.classList).filter(function (c) { return /^mm-/.test(c); });
      again = same.length ? last.box.querySelector('.' + same[0]) : null;
    }
    if (!shown(again)) { again = cards[0] || last.box.querySelector('.mm-next-round'); }
    if (shown(again)) { again.focus(); }
  }

  // ------------------------------------------------------------------ keys

  document.addEventListener('keydown', function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) { return; }
    var target = event.target;
    var table = target.closest && target.closest(TABLES);
    if (!table || target.matches('input, textarea, select, [contenteditable="true"]')) { return; }
    var cards = cardsOf(table);
    var at = cards.indexOf(target);
    var key = event.key;
    var to = -1;
    if (at >= 0 && (key === 'ArrowRight' || key === 'ArrowDown')) { to = Math.min(at + 1, cards.length - 1); }
    else if (at >= 0 && (key === 'ArrowLeft' || key === 'ArrowUp')) { to = Math.max(at - 1, 0); }
    else if (at >= 0 && key === 'Home') { to = 0; }
    else if (at >= 0 && key === 'End') { to = cards.length - 1; }
    else if (/^[1-9]$/.test(key) && Number(key) <= cards.length) { to = Number(key) - 1; }
    if (to >= 0) {
      event.preventDefault();
      cards[to].focus();
      return;
    }
    var letters = keysOf(table);
    var selector = Object.prototype.hasOwnProperty.call(letters, key.toLowerCase()) ? letters[key.toLowerCase()] : null;
    var button = selector && table.querySelector(selector);
    if (shown(button)) {
      event.preventDefault();
      button.click();
    }
  });

  // Enter in an answer box (a guess, a law, a points answer) does what its button does. The box's text is
  // committed first (the box sends it on "change": its continuous updates are off), then the button is
  // clicked, so the kernel reads the whole text before the click (maumau_core/widgets/common.py::enter_sends).
  // ipywidgets' own Enter message goes out ahead of the last letters typed, so it is held back here.
  document.addEventListener('keydown', function (event) {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || event.isComposing) {
      return;
    }
    var box = event.target;
    if (!box.matches || !box.matches('.mm-enter-sends input')) { return; }
    var row = box.closest('.mm-answer');
    var button = row && row.querySelector('.mm-sent-by-enter');
    if (!shown(button)) { return; }
    event.preventDefault();
    box.dispatchEvent(new Event('change', { bubbles: true }));
    button.click();
  }, true);

  // ------------------------------------------------------------------ keeping up with the widgets

  var pending = false;
  function refresh() {
    pending = false;
    if (!document.body) { return; }
    label(document.body);
    keepFocus();
  }
  function schedule() {
    if (!pending) { pending = true; window.requestAnimationFrame(refresh); }
  }
  function start() {
    new MutationObserver(schedule).observe(document.body, {
      childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'title', 'style', 'disabled']
    });
    schedule();
  }
  if (document.body) { start(); } else { document.addEventListener('DOMContentLoaded', start); }
})();
