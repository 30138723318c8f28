"""What the local table (`bot.local.table`) needs of simcord's preview page that its
public interface does not offer, in one place.

The page is published again by simcord after each of its own actions only; the
local table must also show what the bot did by itself (a computer's move after the
page's action ended, the table posted again at start), and keep the newest message in
view (a page keeps the message last clicked in view: a game begun, or the welcome
offered again below it, would stay out of sight). Simcord 3.2.1 has no public way to
do that, so five private members of `simcord.preview.Preview` are used here and
nowhere else:

- ``_publish(page, *, reason)``: publishes one page; wrapped to note what was shown;
- ``_active_action``: the page's action under way (None when idle);
- ``_publish_message_pages(*, reason)``: publishes every page (each for its viewer);
- ``_pages``: the open pages, each with its viewer, ``layout``, ``target_id`` (the
  message it keeps in view) and ``window_end_id`` (where its history ends);
- ``_initial_target(viewer, channel_id)``: the message a page opens on (the bot's newest
  the viewer may see).

Everything else (private answers drawn for the member they are for, "Viewing as")
is simcord's own: an ephemeral message is projected into a page only when
`simcord.backend.models.Message.visible_to` the page's viewer, the member who
used the command or the component it answers (its ``interaction_metadata``).

`check_simcord` fails loudly, at start and in tests/test_local_table.py, if the
installed simcord lacks one of these members or has another signature for it:
whoever upgrades simcord then checks this module against the new version.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import simcord
from simcord.preview import Preview

CHECKED_VERSION = "3.2.1"
"""The simcord release this module was checked against."""
PRIVATE_METHODS: dict[str, tuple[str, ...]] = {
    "_publish": ("self", "page", "reason"),
    "_publish_message_pages": ("self", "reason"),
    "_initial_target": ("self", "viewer", "channel_id"),
}
"""Each private method used, with its parameters' names."""
PRIVATE_ATTRIBUTES = ("_active_action", "_pages")
"""Private attributes used, set by `Preview.__init__`."""


class SimcordChanged(RuntimeError):
    """The installed simcord is not the one this module was checked against."""


def check_simcord() -> None:
    """Raise `SimcordChanged` if a private member used here is missing or changed."""
    problems = []
    for name, parameters in PRIVATE_METHODS.items():
        method = getattr(Preview, name, None)
        if not callable(method):
            problems.append(f"Preview.{name} is gone")
        elif tuple(inspect.signature(method).parameters) != parameters:
            problems.append(f"Preview.{name}{inspect.signature(method)} is not {parameters}")
    init = inspect.getsource(Preview.__init__)
    problems += [
        f"Preview.__init__ no longer sets {name}" for name in PRIVATE_ATTRIBUTES
        if f"self.{name}" not in init
    ]
    if problems:
        raise SimcordChanged(
            f"simcord {simcord.__version__} (bot/local/simcord_page.py was checked against "
            f"{CHECKED_VERSION}): " + "; ".join(problems)
        )


def after_each_publication(page: Preview, noted: Callable[[], None]) -> None:
    """Call `noted` after every publication of `page`, simcord's own included."""
    publish = page._publish

    def noting(*args: Any, **kwargs: Any) -> None:
        publish(*args, **kwargs)
        noted()

    page._publish = noting  # type: ignore[method-assign]


def is_busy(page: Preview) -> bool:
    """Whether an action of the page is under way (publishing then would make the
    page's next action stale, see `bot.local.table.keep_page_current`)."""
    return page._active_action is not None


def publish_again(page: Preview) -> None:
    """Publish every page of `page` again, each to its viewer, reading the channel
    as it is now. Not `Preview.refresh`: that is a simcord operation, and one under way
    makes simcord refuse the page's own actions (the page then sends no more)."""
    page._publish_message_pages(reason="refresh")


def follow_newest(page: Preview) -> None:
    """Bring every page of the channel to its newest message (the bot's newest its
    viewer may see), in view at the bottom as when the page opened, and publish them."""
    for shown in tuple(page._pages.values()):
        if shown.layout == "channel":
            shown.target_id = page._initial_target(shown.viewer, shown.channel_id)
            shown.window_end_id = shown.target_id
    page._publish_message_pages(reason="refresh")
