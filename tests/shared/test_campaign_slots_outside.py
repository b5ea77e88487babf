# Issue 34, item 9: slots seen from outside, with damaged and odd files. A campaign set aside
# says what was kept and where in the player's words (the notice may come just as a new
# campaign starts in that slot); a campaign made by a newer Deckdelve is listed as such, never
# as empty, and its slot offers nothing that cannot be saved; a power cut in the middle of
# setting a campaign aside leaves its journal in the slot, and deleting the old one deletes
# that journal too.
# heap: 80K
# isolate
# (as test_campaign_damage.py: a fresh interpreter per test, as after a boot)
from deckdelve import campaigns
from deckdelve.store import Store
from helpers import exists, scratch
from camp_game import CampGame
from store_cases import checked, get, put

KEY = "g"


def _campaign(d, slot=0):
    c = campaigns.Campaign(d, KEY, slot)
    g = CampGame(0)
    assert c.start(g)
    g.act(1)
    assert c.save(g)


def test_a_campaign_set_aside_says_what_was_kept_where_and_that_the_slot_is_free():
    d = scratch("slots_aside")
    _campaign(d)
    put(d + "/camp_g_0.sav", b"DECKDELVE campaign 2 5 0\nhello")  # a bad checksum
    notices = []
    c = campaigns.Campaign(d, KEY, 0, notices)
    assert c.load(CampGame) is None  # as the slot opens: a new campaign starts there next
    assert notices == ["Campaign 1 could not be read (damaged (checksum)), so it is kept as "
                       "camp_g_0.sav.bad1, with camp_g_0.j0.bad1, to be read or deleted; slot 1 "
                       "is free for a new one."], notices
    assert exists(d + "/camp_g_0.sav.bad1") and exists(d + "/camp_g_0.j0.bad1")
    assert not exists(d + "/camp_g_0.j0")


def test_a_campaign_of_a_newer_deckdelve_is_listed_as_such_and_only_deleted():
    d = scratch("slots_newer")
    _campaign(d, 1)
    newer = checked("campaign", campaigns.VERSION + 1, b"{\"from\": \"the future\"}")
    put(d + "/camp_g_1.sav", newer)
    assert campaigns.slots(d, KEY) == [None, campaigns.NEWER, None]
    assert campaigns.NEWER != "- empty -" and "newer" in campaigns.NEWER
    notices = []
    c = campaigns.Campaign(d, KEY, 1, notices)
    assert c.load(CampGame) is None and not c.start(CampGame(0))  # never replaced
    assert get(d + "/camp_g_1.sav") == newer
    campaigns.delete(d, KEY, 1)  # the one thing its slot menu offers
    assert not exists(d + "/camp_g_1.sav") and not exists(d + "/camp_g_1.j0")
    assert campaigns.slots(d, KEY) == [None, None, None]


def test_delete_after_a_power_cut_while_setting_a_campaign_aside_takes_its_journal_too():
    d = scratch("slots_half_aside")
    _campaign(d)
    journal = get(d + "/camp_g_0.j0")
    # The cut: the snapshot was renamed aside (it goes first), its journal not yet.
    Store(d, []).set_aside("camp_g_0.sav", "damaged")
    assert exists(d + "/camp_g_0.sav.bad1") and get(d + "/camp_g_0.j0") == journal
    assert campaigns.kept(d, KEY, 0) == 1
    campaigns.delete_kept(d, KEY, 0)  # "Delete the old one"
    for name in ("camp_g_0.sav.bad1", "camp_g_0.j0", "camp_g_0.j1", "camp_g_0.j0.bad1"):
        assert not exists(d + "/" + name), name
    assert campaigns.kept(d, KEY, 0) == 0 and campaigns.slots(d, KEY)[0] is None
