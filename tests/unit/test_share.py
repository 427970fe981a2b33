"""Share links: round trips, limits, and that a bad link only ever raises ShareLinkError."""

from __future__ import annotations

import base64
import math
import random
import tracemalloc
import zlib
from typing import Any

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyengine.errors import RulesError, ShareLinkError
from pyengine.share import KIND_PATTERN, MAX_DEPTH, MAX_INFLATED, MAX_TEXT, SharedState, decode_link, encode_link, kind_of_damaged


def b64(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")


def link_of(envelope: Any = None, *, packed: bytes | None = None, prefix: str = "1.") -> str:
    """A link built by hand, around any msgpack value, bypassing encode_link's checks."""
    if packed is None:
        packed = msgspec.msgpack.encode(envelope)
    return prefix + b64(zlib.compress(packed))


def nested(depth: int) -> dict[str, Any]:
    """A map with lists and maps ``depth`` levels deep, the map itself counted."""
    data: Any = 1
    for level in range(depth - 1):
        data = [data] if level % 2 else {"x": data}
    return {"d": data}


kinds = st.from_regex(r"[a-z][a-z0-9-]{0,31}", fullmatch=True)
scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=30,
)
states = st.dictionaries(st.text(max_size=10), values, max_size=6)


# -- round trips ----------------------------------------------------------------


def test_a_state_comes_back() -> None:
    data = {"roll": 57, "severity": "C", "armour": [{"location": "head", "points": 3}], "x": 1.5, "n": None, "t": True}
    fragment = encode_link("shrapnel", data, version=2)
    assert fragment.startswith("1.")
    assert "=" not in fragment and "#" not in fragment
    assert decode_link(fragment) == SharedState(kind="shrapnel", version=2, data=data)


@given(kinds, st.integers(1, 2**63), states)
@settings(max_examples=300, deadline=None)
def test_round_trip(kind: str, version: int, data: dict[str, Any]) -> None:
    fragment = encode_link(kind, data, version=version)
    assert len(fragment) <= MAX_TEXT
    state = decode_link(fragment)
    assert (state.kind, state.version, state.data) == (kind, version, data)


def test_the_fragment_follows_the_documented_format() -> None:
    fragment = encode_link("dice", {"expr": "2D6+2", "rolls": [3, 5]})
    prefix, body = fragment[:2], fragment[2:]
    assert prefix == "1."
    envelope = msgspec.msgpack.decode(zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))))
    assert envelope == {"kind": "dice", "v": 1, "data": {"expr": "2D6+2", "rolls": [3, 5]}}


@pytest.mark.parametrize(
    "wrap",
    [
        lambda f: f,
        lambda f: "#" + f,
        lambda f: f"https://example.org/some/dir/shrapnel.html#{f}",
        lambda f: f"  shrapnel.html?x=1#{f} \n",
        lambda f: f"\t#{f}  ",
    ],
)
def test_a_whole_url_or_a_fragment_opens(wrap: Any) -> None:
    fragment = encode_link("sheet", {"name": "Rurik"})
    assert decode_link(wrap(fragment)).data == {"name": "Rurik"}


def test_a_link_made_by_hand_in_the_documented_format_opens() -> None:
    # What an older or other writer of format 1 produces must open.
    text = link_of({"kind": "combat", "v": 3, "data": {"round": 2, "who": ["a", "b"]}})
    assert decode_link(text) == SharedState(kind="combat", version=3, data={"round": 2, "who": ["a", "b"]})


# -- what a link can carry -----------------------------------------------------------


def test_nesting_up_to_the_limit() -> None:
    deep = nested(MAX_DEPTH)
    assert decode_link(encode_link("x", deep)).data == deep
    assert decode_link(link_of({"kind": "x", "v": 1, "data": deep})).data == deep


def test_nesting_past_the_limit_is_refused_both_ways() -> None:
    too_deep = nested(MAX_DEPTH + 1)
    with pytest.raises(ShareLinkError, match=f"deeper than {MAX_DEPTH}"):
        encode_link("x", too_deep)
    with pytest.raises(ShareLinkError, match=f"deeper than {MAX_DEPTH}"):
        decode_link(link_of({"kind": "x", "v": 1, "data": too_deep}))


def test_an_empty_container_counts_as_a_level() -> None:
    data: Any = []
    for _ in range(MAX_DEPTH - 1):
        data = [data]
    with pytest.raises(ShareLinkError, match="deeper than"):
        encode_link("x", {"d": data})
    with pytest.raises(ShareLinkError, match="deeper than"):
        decode_link(link_of({"kind": "x", "v": 1, "data": {"d": data}}))


def test_a_deep_bomb_is_refused() -> None:
    # 100,000 nested lists: must not reach the (small, in the browser) stack.
    with pytest.raises(ShareLinkError, match="deeper than"):
        decode_link(link_of(packed=b"\x81\xa4data" + b"\x91" * 100_000 + b"\xc0"))


@pytest.mark.parametrize(
    ("kind", "data", "version", "reason"),
    [
        ("Shrapnel", {}, 1, "kind 'Shrapnel' is not a kind name"),
        ("", {}, 1, "is not a kind name"),
        ("9lives", {}, 1, "is not a kind name"),
        ("a" * 33, {}, 1, "is not a kind name"),
        ("x", {}, 0, "state version 0"),
        ("x", {}, True, "state version True"),
        ("x", [], 1, "not a map"),
        ("x", {"a": b"bytes"}, 1, r"value at a is binary data; a state holds only"),
        ("x", {"a": {1: 2}}, 1, r"key 1 at a is not text"),
        ("x", {"a": [1, math.nan]}, 1, r"number nan at a, item 2 is not finite"),
        ("x", {"a": math.inf}, 1, "not finite"),
        ("x", {"a": 2**64}, 1, "out of range"),
        ("x", {"a": "\udc80"}, 1, "not valid Unicode"),
        ("x", {"a": object()}, 1, "value at a is a value of another kind"),
    ],
)
def test_encoding_refuses_what_a_link_cannot_carry(kind: Any, data: Any, version: Any, reason: str) -> None:
    with pytest.raises(ShareLinkError, match=reason):
        encode_link(kind, data, version=version)


def test_encoding_refuses_a_state_too_big_for_a_link() -> None:
    noise = b64(random.Random(0).randbytes(20_000))  # does not compress
    with pytest.raises(ShareLinkError, match="state too big"):
        encode_link("x", {"noise": noise})


def test_the_longest_fragment_still_opens() -> None:
    # Incompressible text, as long as still fits: found by bisection.
    noise = b64(random.Random(0).randbytes(16_000))
    low, high = 0, len(noise)  # fits at low, not at high
    assert len(encode_link("x", {"t": noise[:low]})) <= MAX_TEXT
    with pytest.raises(ShareLinkError, match="state too big"):
        encode_link("x", {"t": noise})
    while high - low > 1:
        mid = (low + high) // 2
        try:
            encode_link("x", {"t": noise[:mid]})
        except ShareLinkError:
            high = mid
        else:
            low = mid
    data = {"t": noise[:low]}
    fragment = encode_link("x", data)
    assert MAX_TEXT - 10 < len(fragment) <= MAX_TEXT
    assert decode_link(fragment).data == data
    with pytest.raises(ShareLinkError, match=f"too long: {len(fragment) + 1} characters"):
        decode_link(fragment + "A")


# -- what is wrong with a link, in words ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "empty"),
        ("https://example.org/shrapnel.html#", "empty"),
        ("   ", "empty"),
        ("1.", "empty"),
        ("hello", "'hello' is not a Strike Rank link"),
        ("x" * 40, "is not a Strike Rank link"),
        ("7.eNoDAAAAAAE", r"this link was made by a newer version \(format 7\); this app reads format 1"),
        ("0.eNoDAAAAAAE", "unknown link format '0'"),
        ("01.eNoDAAAAAAE", "unknown link format '01'"),
        ("1.eNoDAA$AAAE", r"damaged \(not valid base64url at character 8"),
        ("1.eNoD AAAAAE", r"damaged \(not valid base64url at character 6"),
        ("1.eNoDA", "damaged .cut short"),
        ("1.AAAA", "damaged .its text does not unpack to a Strike Rank state.; copy the whole link again"),
        ("1." + "A" * (MAX_TEXT - 1), "too long"),
    ],
)
def test_bad_links_say_what_is_wrong(text: str, reason: str) -> None:
    with pytest.raises(ShareLinkError, match=reason) as info:
        decode_link(text)
    assert str(info.value).startswith("share link: ")


def test_newer_version_message_in_full() -> None:
    newer = "7." + encode_link("x", {})[2:]
    with pytest.raises(ShareLinkError) as info:
        decode_link("https://example.org/#" + newer)
    assert str(info.value) == "share link: this link was made by a newer version (format 7); this app reads format 1"


def test_a_cut_short_link_is_damaged() -> None:
    fragment = encode_link("x", {"text": "some words to make the stream longer than a few bytes"})
    for cut in range(3, len(fragment)):
        with pytest.raises(ShareLinkError, match="damaged"):
            decode_link(fragment[:cut])


def test_stray_bytes_after_the_compressed_data_are_damage() -> None:
    raw = zlib.compress(msgspec.msgpack.encode({"kind": "x", "v": 1, "data": {}})) + b"junk"
    with pytest.raises(ShareLinkError, match="stray bytes"):
        decode_link("1." + b64(raw))


@pytest.mark.parametrize(
    ("envelope", "reason"),
    [
        ([1, 2], "expected a map of kind, v and data"),
        ("text", "expected a map of kind, v and data"),
        ({"kind": "x", "data": {}}, "no 'v'"),
        ({"v": 1, "data": {}}, "no 'kind'"),
        ({"kind": "x", "v": 1}, "no 'data'"),
        ({"kind": "x", "v": 1, "data": {}, "extra": 1}, "unexpected key 'extra'"),
        ({"kind": "x", "v": 1, "data": {}, 5: 1}, "unexpected key 5"),
        ({"kind": "Bad Kind", "v": 1, "data": {}}, "is not a kind name"),
        ({"kind": 3, "v": 1, "data": {}}, r"kind \(a whole number\) is not a kind name"),
        ({"kind": "x", "v": "1", "data": {}}, "state version '1'"),
        ({"kind": "x", "v": -1, "data": {}}, "state version -1"),
        ({"kind": "x", "v": 1.0, "data": {}}, "state version 1.0"),
        ({"kind": "x", "v": 1, "data": [1]}, "data is a list, not a map"),
        ({"kind": "x", "v": 1, "data": {"a": b"\x00"}}, "value at a is binary data"),
        ({"kind": "x", "v": 1, "data": {"a": {2: 1}}}, "key 2"),
        ({"kind": "x", "v": 1, "data": {"a": float("nan")}}, "not finite"),
        ({"kind": "x", "v": 1, "data": {"a": msgspec.msgpack.Ext(5, b"x")}}, "value at a is a value of another kind"),
    ],
)
def test_a_wrong_envelope_says_what_is_wrong(envelope: Any, reason: str) -> None:
    with pytest.raises(ShareLinkError, match=reason):
        decode_link(link_of(envelope))


@pytest.mark.parametrize(
    "packed",
    [
        b"",
        b"\xc1",  # never used
        b"\x92\x01",  # array cut short
        b"\x81\x91\x01\x01",  # a list as a map key
        b"\x81\x80\x01",  # a map as a map key
        b"\xa2\xff\xfe",  # not UTF-8
        b"\xd6\xff\x00\x00\x00\x01",  # a timestamp
        msgspec.msgpack.encode({"kind": "x", "v": 1, "data": {}}) + b"\x00",  # trailing data
        b"\xdd\xff\xff\xff\xff",  # an array claiming 4 billion items
    ],
)
def test_bad_msgpack_is_damage(packed: bytes) -> None:
    with pytest.raises(ShareLinkError):
        decode_link(link_of(packed=packed))


def test_not_text_at_all() -> None:
    with pytest.raises(ShareLinkError, match="expected text"):
        decode_link(b"1.abc")  # type: ignore[arg-type]
    with pytest.raises(ShareLinkError, match="expected text"):
        decode_link(None)  # type: ignore[arg-type]


def test_share_link_errors_are_rules_errors() -> None:
    # The page and the command line catch RulesError; a link's error must be one.
    assert issubclass(ShareLinkError, RulesError)


# -- zip bombs ------------------------------------------------------------------------


def test_a_zip_bomb_is_refused_without_inflating_it() -> None:
    bomb = zlib.compress(b"\x00" * 12_000_000, 9)  # ~12 KB that inflates to 12 MB
    text = "1." + b64(bomb)
    assert len(text) <= MAX_TEXT
    tracemalloc.start()
    try:
        with pytest.raises(ShareLinkError, match=f"too big .it unpacks to more than {MAX_INFLATED} bytes"):
            decode_link(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 * MAX_INFLATED, f"decoding a bomb allocated {peak} bytes"


def test_a_state_just_past_the_inflated_limit_is_refused() -> None:
    envelope = {"kind": "x", "v": 1, "data": {"a": "A" * MAX_INFLATED}}
    text = link_of(envelope)
    assert len(text) < 2000
    with pytest.raises(ShareLinkError, match="too big"):
        decode_link(text)
    with pytest.raises(ShareLinkError, match="state too big"):
        encode_link("x", envelope["data"])


def test_a_state_at_the_inflated_limit_opens() -> None:
    overhead = len(msgspec.msgpack.encode({"kind": "x", "v": 1, "data": {"a": ""}}))
    filler = MAX_INFLATED - overhead - 4  # str32 header for the long text
    envelope = {"kind": "x", "v": 1, "data": {"a": "A" * filler}}
    assert len(msgspec.msgpack.encode(envelope)) == MAX_INFLATED
    assert decode_link(link_of(envelope)).data["a"] == "A" * filler


# -- nothing but ShareLinkError ----------------------------------------------------------------


def only_share_link_errors(text: str) -> None:
    try:
        state = decode_link(text)
    except ShareLinkError as exc:
        assert str(exc).startswith("share link: ")
    else:
        assert isinstance(state, SharedState)


@given(st.text())
@settings(max_examples=2000, deadline=None)
def test_any_text_raises_only_share_link_error(text: str) -> None:
    only_share_link_errors(text)


@given(st.text(alphabet="1.#AZaz09_-=+/ \n", max_size=40))
@settings(max_examples=2000, deadline=None)
def test_link_like_text_raises_only_share_link_error(text: str) -> None:
    only_share_link_errors(text)


@given(st.binary(max_size=300))
@settings(max_examples=2000, deadline=None)
def test_any_bytes_behind_the_prefix_raise_only_share_link_error(raw: bytes) -> None:
    only_share_link_errors("1." + b64(raw))


@given(st.binary(max_size=300))
@settings(max_examples=2000, deadline=None)
def test_any_bytes_behind_real_zlib_raise_only_share_link_error(raw: bytes) -> None:
    only_share_link_errors("1." + b64(zlib.compress(raw)))


msgpack_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats()
    | st.text(max_size=10)
    | st.binary(max_size=10)
    | st.builds(msgspec.msgpack.Ext, st.integers(-128, 127), st.binary(max_size=4)),
    lambda inner: st.lists(inner, max_size=4)
    | st.dictionaries(st.text(max_size=5) | st.integers(-5, 5) | st.none(), inner, max_size=4),
    max_leaves=20,
)
envelopes = st.fixed_dictionaries(
    {},
    optional={
        "kind": kinds | msgpack_values,
        "v": st.integers(-3, 3) | msgpack_values,
        "data": st.dictionaries(st.text(max_size=5), msgpack_values, max_size=4) | msgpack_values,
        "extra": msgpack_values,
    },
)


@given(envelopes | msgpack_values)
@settings(max_examples=2000, deadline=None)
def test_any_msgpack_behind_real_zlib_raises_only_share_link_error(envelope: Any) -> None:
    only_share_link_errors(link_of(envelope))


@given(st.binary(max_size=60), st.integers(0, 4))
@settings(max_examples=2000, deadline=None)
def test_a_good_link_with_bytes_changed_raises_only_share_link_error(patch: bytes, where: int) -> None:
    packed = bytearray(msgspec.msgpack.encode({"kind": "x", "v": 1, "data": {"a": [1, "two", 3.0, None], "b": {}}}))
    at = where * len(packed) // 5
    packed[at : at + len(patch)] = patch
    only_share_link_errors(link_of(packed=bytes(packed)))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300) | st.builds(lambda t: "1." + t, st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", max_size=200)))
def test_the_kind_of_a_damaged_link_is_a_kind_name_or_none_and_never_raises(text):
    kind = kind_of_damaged(text)
    assert kind is None or KIND_PATTERN.fullmatch(kind)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="%0123456789abcdefABCDEFxyz é", max_size=30))
def test_a_percent_encoded_address_is_read_as_urllib_reads_it(text):
    # Intent: share's own reading of escapes (urllib.parse is not imported at a page's start, docs/startup.md)
    # is urllib's: each run of escapes as UTF-8, with a replacement character for bytes that are not.
    from urllib.parse import unquote

    from pyengine.share import _unquote

    assert _unquote(text) == unquote(text)
