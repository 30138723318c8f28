import simcord
from tests.coal_baron_discord_support import coal_world, state_of, component_id
from tests.discord_support import custom_ids

async def test_explore(simcord_env: simcord.Env) -> None:
    w = await coal_world(simcord_env)
    msg = await w.start(2)
    print(msg.content, custom_ids(msg), [a.filename for a in msg.attachments])
    table = await w.table()
    st = state_of(table)
    seat = st.to_act()[0]
    opts = [st.format_action(a) for a in st.legal_actions(seat)]
    r = await w.seats[seat].select(msg, [opts[0]], custom_id=component_id(msg, "mt:pick"))
    msg = w.last()
    print(msg.content, custom_ids(msg))
    while state_of(await w.table()).phase == "draft":
        st = state_of(await w.table()); seat = st.to_act()[0]
        r = await w.seats[seat].slash(w.channel, "coal play", action=st.format_action(st.legal_actions(seat)[0]))
    msg = w.last()
    print(msg.content, custom_ids(msg), [a.filename for a in msg.attachments])
    for c in msg.components:
        for ch in getattr(c, "children", [c]):
            print(getattr(ch, "placeholder", None), [(o.label, o.description, o.value) for o in getattr(ch, "options", [])], getattr(ch, "label", None))
    st = state_of(await w.table()); seat = st.to_act()[0]
    r = await w.seats[seat].select(msg, ["m8"], custom_id=component_id(msg, "cb:sp:1:"+str((await w.table()).version)+":1"))
    print(r, r.response, r.followups)
    panel = r.response
    print(panel.embeds[0].to_dict(), panel.components)
    tv = (await w.table()).version
    r2 = await w.seats[seat].click(panel, custom_id=f"cb:x:1:{tv}:c1")
    print(r2, r2.response, r2.followups)
    print(panel.embeds[0].footer.text)
    r3 = await w.seats[seat].click(panel, custom_id=f"cb:x:1:{tv}:+k")
    print(r3, r3.response, r3.followups)
    ch = await w.seats[seat].autocomplete(w.channel, "coal play", "action", "m8 c1 ")
    print(ch)
    ch = await w.seats[seat].autocomplete(w.channel, "coal play", "action", "")
    print(ch)
