"""The live table's join code and answer code (pyengine/live/codes.py) and the session description
they carry (pyengine/live/sdp.py): real Chromium descriptions read and rebuilt, the codes' round
trips in every form, the golden codes of format 1, typos caught and named, an answer for another
join code refused, and the QR versions the codes take."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest

from pyengine import qr
from pyengine.errors import LiveCodeError, RulesError
from pyengine.live import codes, sdp
from pyengine.live.codes import AnswerCode
from pyengine.live.sdp import Candidate, Family, Session, Setup

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
SITE = "https://strike-rank.example.org/app/"
#: A long site address (a project page on a shared host) for the QR versions.
LONG_SITE = "https://someone.github.io/strike-rank/"
SECRET = bytes.fromhex("5e3a91c07d24b8f61a0e4c93")
#: Words a message must never show: a library's or Python's.
TELLTALES = ("Error", "binascii", "Traceback", "ValueError", "Expected", "uuid", "ipaddress", "NoneType", "int()")


def golden_sdp(name: str) -> str:
    """A description as Chromium wrote it, CRLF line ends kept."""
    return (GOLDEN / name).read_bytes().decode("ascii")


def golden_lines(name: str) -> list[list[str]]:
    text = (GOLDEN / name).read_text(encoding="utf-8")
    return [[p.strip() for p in line.split("|")] for line in text.splitlines() if line.strip() and not line.startswith("#")]


def random_bytes(secret: bytes = SECRET):
    return lambda n: secret[:n]


OFFER = sdp.from_sdp(golden_sdp("live-sdp-offer-chromium.txt"))
ANSWER = sdp.from_sdp(golden_sdp("live-sdp-answer-chromium.txt"))
JOIN = codes.make_join(OFFER, random_bytes())
ANSWERED = codes.make_answer(ANSWER, JOIN)


def session(
    setup: Setup = Setup.ACTPASS,
    *candidates: Candidate,
    fingerprint: bytes = bytes(range(32)),
    ufrag: str = "0Ebt",
    pwd: str = "TOoI7IGVUVSZYQtcnZ4xHiJu",
) -> Session:
    return Session(fingerprint, ufrag, pwd, setup, candidates or (Candidate(Family.IPV4, "192.168.43.17", 50123),))


def message(call) -> str:
    with pytest.raises(LiveCodeError) as caught:
        call()
    text = str(caught.value)
    assert isinstance(caught.value, RulesError)
    for word in TELLTALES:
        assert word not in text, (word, text)
    return text


# ---- the session description ------------------------------------------------------------------


def test_chromiums_offer_and_answer_are_read_to_what_must_be_carried():
    assert OFFER == Session(
        fingerprint=bytes.fromhex("825683F84DD8649F1E39A7DF784F4FA5D8CD35F8C3C449CBF06805508DFB196D"),
        ufrag="0Ebt",
        pwd="TOoI7IGVUVSZYQtcnZ4xHiJu",
        setup=Setup.ACTPASS,
        candidates=(Candidate(Family.IPV4, "10.99.0.1", 37526),),
    )
    assert ANSWER.setup == Setup.ACTIVE and ANSWER.pwd == "4o/Est55coAwf6FmGZS5mc12"
    assert ANSWER.candidates == (Candidate(Family.IPV4, "10.99.0.1", 50322),)


def test_chromiums_mdns_names_are_read_as_names():
    offer = sdp.from_sdp(golden_sdp("live-sdp-offer-chromium-mdns.txt"))
    answer = sdp.from_sdp(golden_sdp("live-sdp-answer-chromium-mdns.txt"))
    assert offer.candidates == (Candidate(Family.MDNS, "e216fbbc-5267-4dbb-b259-b3f978935670.local", 55996),)
    assert answer.candidates == (Candidate(Family.MDNS, "64c32331-1434-4748-97d0-7a55032c39e5.local", 58768),)


@pytest.mark.parametrize(
    "name", ["live-sdp-offer-chromium.txt", "live-sdp-answer-chromium.txt", "live-sdp-offer-chromium-mdns.txt", "live-sdp-answer-chromium-mdns.txt"]
)
def test_a_rebuilt_description_carries_what_chromiums_did(name):
    original = golden_sdp(name)
    carried = sdp.from_sdp(original)
    rebuilt = sdp.to_sdp(carried)
    assert sdp.from_sdp(rebuilt) == carried
    assert rebuilt.endswith("\r\n") and "\n" not in rebuilt.replace("\r\n", "")
    # every line that differs between two connections is Chromium's own, word for word
    for prefix in ("a=ice-ufrag:", "a=ice-pwd:", "a=fingerprint:", "a=setup:", "a=mid:", "a=sctp-port:", "a=max-message-size:"):
        assert [line for line in original.split("\r\n") if line.startswith(prefix)] == [
            line for line in rebuilt.split("\r\n") if line.startswith(prefix)
        ], prefix
    address, port = (carried.candidates[0].address, carried.candidates[0].port)
    assert re.search(rf"^a=candidate:1 1 udp \d+ {re.escape(address)} {port} typ host", rebuilt, re.M)
    assert ("a=setup:actpass" in rebuilt) == ("offer" in name)


def test_only_udp_host_candidates_are_kept_ipv4_and_mdns_first_four_at_most():
    lines = [
        "a=candidate:1 1 udp 2122260223 fe80::1%2 50000 typ host",  # a link-local address with a zone: not carried
        "a=candidate:2 1 udp 2122260223 2001:db8::7 50001 typ host generation 0",
        "a=candidate:3 1 tcp 1518280447 192.168.1.5 9 typ host tcptype active",
        "a=candidate:4 1 udp 1686052607 203.0.113.9 50002 typ srflx raddr 0.0.0.0 rport 0",
        "a=candidate:5 1 udp 2122260223 192.168.1.5 50003 typ host",
        "a=candidate:6 2 udp 2122260222 192.168.1.5 50004 typ host",
        "a=candidate:7 1 udp 2122260223 A1B2C3D4-E5F6-7890-ABCD-EF1234567890.local 50005 typ host",
        "a=candidate:8 1 udp 2122260223 printer.local 50006 typ host",
        "a=candidate:9 1 udp 2122260223 10.0.0.2 50007 typ host",
        "a=candidate:10 1 udp 2122260223 10.0.0.3 50008 typ host",
        "a=candidate:11 1 udp 2122260223 192.168.1.5 50003 typ host",
    ]
    text = golden_sdp("live-sdp-offer-chromium.txt").replace("a=ice-ufrag:", "\r\n".join(lines) + "\r\na=ice-ufrag:", 1)
    assert sdp.from_sdp(text).candidates == (
        Candidate(Family.IPV4, "10.99.0.1", 37526),
        Candidate(Family.IPV4, "192.168.1.5", 50003),
        Candidate(Family.MDNS, "a1b2c3d4-e5f6-7890-abcd-ef1234567890.local", 50005),
        Candidate(Family.IPV4, "10.0.0.2", 50007),
    )
    ipv6_only = re.sub(r"a=candidate:.*\r\n", "", golden_sdp("live-sdp-offer-chromium.txt")).replace(
        "a=ice-ufrag", "a=candidate:2 1 udp 2122260223 2001:db8::7 50001 typ host\r\na=ice-ufrag"
    )
    assert sdp.from_sdp(ipv6_only).candidates == (Candidate(Family.IPV6, "2001:db8::7", 50001),)


def test_a_description_with_no_address_says_what_the_player_can_do():
    text = re.sub(r"a=candidate:.*\r\n", "", golden_sdp("live-sdp-offer-chromium.txt"))
    assert "join the same Wi-Fi or phone hotspot" in message(lambda: sdp.from_sdp(text))


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda t: t.replace("m=application", "m=audio 9 UDP/TLS/RTP/SAVPF 111\r\nm=application"), "not a data channel's alone"),
        (lambda t: re.sub(r"a=fingerprint:.*\r\n", "", t), "no SHA-256 certificate fingerprint"),
        (lambda t: t.replace("sha-256", "sha-1"), "no SHA-256 certificate fingerprint"),
        (lambda t: re.sub(r"a=ice-pwd:.*\r\n", "", t), "no connection user fragment or password"),
        (lambda t: t.replace("a=ice-ufrag:0Ebt", "a=ice-ufrag:0E"), "user fragment '0E' is not one a code can carry"),
        (lambda t: t.replace("a=setup:actpass", "a=setup:holdconn"), "no DTLS role"),
        (lambda t: t + "a=x:" + "y" * sdp.MAX_SDP, "more than a data channel's"),
    ],
)
def test_a_description_that_cannot_become_a_code_is_refused_in_words(change, words):
    assert words in message(lambda: sdp.from_sdp(change(golden_sdp("live-sdp-offer-chromium.txt"))))


# ---- the codes' bytes and forms ---------------------------------------------------------------


CASES = {
    "one IPv4 address": session(),
    "an mDNS name": session(Setup.ACTPASS, Candidate(Family.MDNS, "e216fbbc-5267-4dbb-b259-b3f978935670.local", 55996)),
    "four addresses of each kind": session(
        Setup.ACTPASS,
        Candidate(Family.IPV4, "0.0.0.1", 1),
        Candidate(Family.MDNS, "00000000-0000-0000-0000-000000000000.local", 65535),
        Candidate(Family.IPV6, "2001:db8::7", 9),
        Candidate(Family.IPV6, "fd00::a00:1", 40000),
    ),
    "Firefox's credentials": session(ufrag="1b6cc2f9", pwd="3bb6e2fd8a9c0b1f95df4a0b7c2d6e11"),
    "the longest credentials": session(ufrag="+/" * 16, pwd="z9" * 32),
}


@pytest.mark.parametrize("name", CASES)
def test_a_join_code_reads_back_from_every_form(name):
    join = codes.make_join(CASES[name], random_bytes())
    assert codes.unpack_join(codes.pack_join(join)) == join
    link = codes.join_link(join, SITE + "combat.html?x=1#fight")
    assert link.startswith(SITE + "player.html#join=")
    for text in (
        link.replace("player.html", "combat.html"),  # a link of the first version
        link,
        codes.join_typed(join),
        codes.base32(codes.pack_join(join)),
        codes.join_typed(join).replace(" ", ""),
        codes.join_typed(join).lower().replace(" ", "-"),
        f"  {link}\n",
    ):
        assert codes.read_join(text) == join


@pytest.mark.parametrize("name", CASES)
def test_an_answer_code_reads_back_from_every_form(name):
    answer = codes.make_answer(Session(**{**_fields(CASES[name]), "setup": Setup.PASSIVE}), JOIN)
    assert codes.unpack_answer(codes.pack_answer(answer)) == answer
    for text in (codes.answer_text(answer), codes.answer_typed(answer), f"{SITE}combat.html#answer={codes.answer_text(answer)}"):
        assert codes.read_answer(text, JOIN) == answer


def _fields(value: Session) -> dict:
    return {f: getattr(value, f) for f in value.__struct_fields__}


def test_crockfords_look_alike_letters_are_read_as_the_digits():
    text = codes.base32(codes.pack_join(JOIN))
    assert "0" in text and "1" in text
    assert codes.read_join(text.replace("0", "o").replace("1", "l")) == JOIN
    assert codes.read_join(text.replace("1", "I")) == JOIN


def test_the_secret_comes_from_the_injected_random_bytes():
    asked = []

    def given(n: int) -> bytes:
        asked.append(n)
        return bytes(range(n))

    assert codes.make_join(OFFER, given).secret == bytes(range(codes.SECRET_BYTES))
    assert asked == [codes.SECRET_BYTES]
    assert "12 bytes, not 3" in message(lambda: codes.make_join(OFFER, lambda n: b"abc"))


def test_a_join_code_carries_an_offer_and_an_answer_code_an_answer():
    assert "carries an offer" in message(lambda: codes.make_join(ANSWER, random_bytes()))
    assert "carries an answer" in message(lambda: codes.make_answer(OFFER, JOIN))


# ---- golden codes of format 1 -----------------------------------------------------------------


def golden_joins() -> dict[tuple[str, str], str]:
    return {(line[0], line[1]): line[2] for line in golden_lines("live-join-format-1.txt") if line[0] != "secret"}


def test_the_golden_join_codes_of_format_1_keep_reading_to_chromiums_offers():
    (secret,) = [bytes.fromhex(line[1]) for line in golden_lines("live-join-format-1.txt") if line[0] == "secret"]
    assert secret == SECRET
    found = golden_joins()
    assert len(found) == 7
    for (file, form), text in found.items():
        expected = codes.make_join(sdp.from_sdp(golden_sdp(file)), random_bytes(secret))
        assert codes.read_join(text) == expected, (file, form)
        # and this version writes them the same way (a link to the player's page now, not to combat.html)
        made = {
            "link": codes.join_link(expected, SITE).replace("player.html", "combat.html"),
            "player-link": codes.join_link(expected, SITE),
            "typed": codes.join_typed(expected),
            "scanned": codes.base32(codes.pack_join(expected)),
        }[form]
        assert made == text, (file, form)


def test_the_golden_answer_codes_of_format_1_keep_reading_for_their_join_code_only():
    joins = {file.replace("offer", "answer"): codes.read_join(text) for (file, form), text in golden_joins().items() if form == "link"}
    lines = golden_lines("live-answer-format-1.txt")
    assert len(lines) == 4
    for file, form, text in lines:
        join = joins[file]
        answer = codes.read_answer(text, join)
        assert answer.session == sdp.from_sdp(golden_sdp(file))
        assert (codes.answer_text if form == "scanned" else codes.answer_typed)(answer) == text
        other = next(j for f, j in joins.items() if f != file)
        assert "made for another table's join code" in message(lambda text=text, other=other: codes.read_answer(text, other))


def test_the_golden_join_codes_bytes_are_laid_out_as_docs_formats_says():
    data = codes.pack_join(JOIN)
    assert data[0] == 0x10  # format 1, a join code, DTLS role actpass
    assert data[1:33] == OFFER.fingerprint and data[33:45] == SECRET
    assert (data[45], data[46]) == (4, 24)  # Chromium's user fragment and password lengths
    # 6 bits a character in base64's alphabet: the characters' own base64 reading
    assert data[47:68] == base64.b64decode(OFFER.ufrag + OFFER.pwd) and len(data) == 47 + 21 + 7
    assert data[68:] == bytes([0, 10, 99, 0, 1]) + (37526).to_bytes(2, "big")
    answer = codes.pack_answer(ANSWERED)
    assert answer[0] == 0x1A and answer[33:41] == codes.proof(JOIN, ANSWER.fingerprint) and len(answer) == 71


# ---- what a player is told --------------------------------------------------------------------


def test_every_single_typo_in_a_typed_code_is_caught_and_its_group_named():
    text = codes.join_typed(JOIN)
    groups = text.split(" ")
    for number, group in enumerate(groups):
        for at in range(len(group)):
            for char in codes.ALPHABET:
                if char == group[at]:
                    continue
                wrong = group[:at] + char + group[at + 1 :]
                typed = " ".join(groups[:number] + [wrong] + groups[number + 1 :])
                said = message(lambda typed=typed: codes.read_join(typed))
                assert f"typo in group {number + 1} ('{wrong}')" in said, said


def test_two_neighbours_swapped_and_groups_in_the_wrong_order_are_caught():
    groups = codes.join_typed(JOIN).split(" ")
    for number, group in enumerate(groups):
        for at in range(len(group) - 1):
            if group[at] != group[at + 1]:
                wrong = group[:at] + group[at + 1] + group[at] + group[at + 2 :]
                typed = " ".join(groups[:number] + [wrong] + groups[number + 1 :])
                assert f"typo in group {number + 1}" in message(lambda typed=typed: codes.read_join(typed))
    swapped = groups[:]
    swapped[3], swapped[4] = swapped[4], swapped[3]
    assert "typo in group 4" in message(lambda: codes.read_join(" ".join(swapped)))


def test_a_group_with_a_character_missing_is_named():
    groups = codes.join_typed(JOIN).split(" ")
    groups[6] = groups[6][:4]
    assert "4 characters in group 7" in message(lambda: codes.read_join(" ".join(groups)))


def test_an_answer_for_another_join_code_is_refused():
    other = codes.make_join(OFFER, random_bytes(bytes(12)))  # the same game master's phone, a new code
    said = message(lambda: codes.read_answer(codes.answer_text(ANSWERED), other))
    assert said == (
        "This answer code was made for another table's join code (or an earlier one of this table): "
        "on the player's phone, scan the join code shown on this phone again"
    )
    forged = AnswerCode(ANSWERED.session, bytes(8))
    assert "another table's join code" in message(lambda: codes.read_answer(codes.answer_text(forged), JOIN))


def test_the_wrong_code_in_the_wrong_place_says_so():
    assert (
        message(lambda: codes.read_join(codes.answer_text(ANSWERED))) == "This is an answer code, not a join code: the game master's phone scans it"
    )
    assert (
        message(lambda: codes.read_answer(codes.join_link(JOIN, SITE), JOIN)) == "This is a join code, not an answer code: a player's phone scans it"
    )
    assert message(lambda: codes.read_answer(codes.base32(codes.pack_join(JOIN)), JOIN)).startswith("This is a join code")
    own = AnswerCode(Session(**{**_fields(ANSWER), "fingerprint": OFFER.fingerprint}), bytes(8))
    assert "this phone's own join code" in message(lambda: codes.read_answer(codes.answer_text(own), JOIN))


def test_a_code_from_a_newer_version_says_to_update():
    data = bytearray(codes.pack_join(JOIN))
    data[0] = 0x20
    said = message(lambda: codes.read_join(codes.base32(bytes(data))))
    assert said.startswith("This join code was made by a newer version of Strike Rank (code format 2")
    assert "update the app" in said


def test_every_code_cut_short_is_refused_in_words():
    for data, read in ((codes.pack_join(JOIN), codes.read_join), (codes.pack_answer(ANSWERED), lambda t: codes.read_answer(t, JOIN))):
        text = codes.base32(data)
        for end in range(1, len(text)):
            said = message(lambda end=end, read=read, text=text: read(text[:end]))
            assert said.startswith(("This join code is ", "This answer code is ")), said
        for end in range(1, len(data)):
            said = message(lambda end=end, read=read, data=data: read(codes.base32(data[:end])))
            assert "cut short" in said or "damaged" in said, said


@pytest.mark.parametrize(
    "text, words",
    [
        ("", "This join code is empty"),
        ("   \n", "This join code is empty"),
        ("A" * (codes.MAX_TEXT + 1), "This join code is 1,025 characters long, more than any join code (1,024 at most)"),
        ("2215D0ZR9Q!697", "This join code has '!', which no code has (character 11"),
        ("2215D0ZR9QÅ697", "This join code has 'Å', which no code has"),
        (f"{SITE}combat.html#fight", "This link is not a join code"),
        (f"{SITE}index.html", "This link is not a join code"),
        ("https://strike-rank.example.org/app/combat.html#join=", "This join code is empty"),
        ("00", "This join code is damaged: it is not a code this app makes"),
        ("2200", "This join code is cut short"),
    ],
)
def test_a_bad_join_code_is_refused_in_a_players_words(text, words):
    assert message(lambda: codes.read_join(text)).startswith(words)


def test_a_damaged_code_says_which_part():
    data = bytearray(codes.pack_join(JOIN))
    data[45] = 3
    assert "user fragment is 3 characters long" in message(lambda: codes.read_join(codes.base32(bytes(data))))
    data = bytearray(codes.pack_join(JOIN))
    data[68] = 3
    assert "address 1 is of a kind this version does not know" in message(lambda: codes.read_join(codes.base32(bytes(data))))
    data = bytearray(codes.pack_join(JOIN))
    data[-2:] = b"\0\0"
    assert "address 1 has port 0" in message(lambda: codes.read_join(codes.base32(bytes(data))))
    five = codes.pack_join(JOIN) + bytes([0, 10, 0, 0, 1, 0, 9]) * 4
    assert "more than 4 addresses" in message(lambda: codes.read_join(codes.base32(five)))
    assert "not text" in message(lambda: codes.read_join(None))


# ---- sizes ------------------------------------------------------------------------------------


def test_the_codes_sizes_and_qr_versions_as_measured():
    """Measured with Chromium 156's descriptions: the join link's QR code holds the address in byte
    mode and the code in alphanumeric mode; the answer code is alphanumeric throughout."""
    mdns_join = codes.make_join(sdp.from_sdp(golden_sdp("live-sdp-offer-chromium-mdns.txt")), random_bytes())
    mdns_answer = codes.make_answer(sdp.from_sdp(golden_sdp("live-sdp-answer-chromium-mdns.txt")), mdns_join)
    two = codes.make_join(
        session(Setup.ACTPASS, Candidate(Family.IPV4, "192.168.43.17", 50123), Candidate(Family.IPV4, "10.0.0.5", 50124)), random_bytes()
    )
    assert [len(codes.pack_join(j)) for j in (JOIN, two, mdns_join)] == [75, 82, 87]
    assert [len(codes.pack_answer(a)) for a in (ANSWERED, mdns_answer)] == [71, 83]
    for site in (SITE, LONG_SITE):
        link = qr.encode(codes.join_link(JOIN, site))
        assert (link.version, link.mode) == (8, "byte+alphanumeric")
        assert qr.encode(codes.join_link(two, site)).version == 8
    assert qr.encode(codes.join_link(mdns_join, SITE)).version == 8
    assert qr.encode(codes.join_link(mdns_join, LONG_SITE)).version == 9
    assert qr.encode(codes.answer_text(ANSWERED)).version == 5 and qr.encode(codes.answer_text(ANSWERED)).mode == "alphanumeric"
    assert qr.encode(codes.answer_text(mdns_answer)).version == 6
    assert qr.encode(codes.base32(codes.pack_join(JOIN))).version == 5
    # typed: 4 characters and a check character a group
    assert [len(codes.join_typed(JOIN).replace(" ", "")), len(codes.answer_typed(ANSWERED).replace(" ", ""))] == [150, 143]
