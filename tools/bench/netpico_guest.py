"""Runs on the emulated Pico W (tools/bench/netpico.py stages it there):
the board's club network on its real firmware, timed. It joins the WiFi,
connects to the broker over TLS with the club file's CA, then times the
loop's network turn (Club.poll): the passes that send the picture, idle
passes while connected, a move's pass (its event onto flash), every pass
until eleven events are out and their PUBACKs read, the receiving path
for a message it drops (its log line kept in RAM), the log's one append,
and reads the heap at each step. It prints one line per figure for the host:

    NET <name> <value>
"""
import gc
import time


def us_since(t):
    return time.ticks_diff(time.ticks_us(), t)


def say(name, value):
    print("NET %s %s" % (name, value))


def spread(name, values):
    values = sorted(values)
    say(name + "_median_us", values[len(values) // 2])
    say(name + "_max_us", values[-1])


def run():
    gc.collect()
    say("heap_before", gc.mem_free())
    from hal.storage import FileStorage
    from net import config, proto
    from net.club import Club
    from net.link import Link
    from net.wifi import Wifi
    st = FileStorage("")
    cfg = config.load(st)
    say("clock_set", 1 if config.set_clock(cfg) else 0)
    wifi = Wifi(cfg["wifi"]["ssid"], cfg["wifi"]["password"])
    t = time.ticks_ms()
    while not wifi.ready(time.ticks_ms()):
        time.sleep_ms(20)
    say("join_ms", time.ticks_diff(time.ticks_ms(), t))
    club = Club(cfg["board"], st)
    link = Link(cfg, log=club.log, wifi=wifi)
    club.link = link
    gc.collect()
    say("heap_net_loaded", gc.mem_free())
    frame = bytearray(81 * 3)
    longest = 0
    start = time.ticks_ms()
    while not link.up and time.ticks_diff(time.ticks_ms(), start) < 60000:
        t = time.ticks_us()
        club.poll(time.ticks_ms(), frame)     # connects once left alone for QUIET_MS
        longest = max(longest, us_since(t))
        time.sleep_ms(10)
    say("connect_us", longest)
    say("up", 1 if link.up else 0)
    print((st.read("net.log") or b"").decode())
    if not link.up:
        return
    gc.collect()
    say("heap_connected", gc.mem_free())
    passes(club, frame, "pos_publish", lambda: club.pos_due or club.ready is not None)
    club.pos_due = True                       # again, now that nothing is done for the first time
    passes(club, frame, "pos_again", lambda: club.pos_due or club.ready is not None)
    club.outbox.rewind()
    t = time.ticks_us()
    club.outbox.next_unsent()
    say("next_unsent_none_us", us_since(t))
    t = time.ticks_us()
    payload = club.position(frame)
    say("pos_encode_us", us_since(t))
    t = time.ticks_us()
    link.publish(proto.topic(club.name, "pos"), payload, True)
    say("pos_send_us", us_since(t))
    t = time.ticks_us()
    link.publish(proto.topic(club.name, "pos"), payload, True)
    say("pos_send_again_us", us_since(t))
    idle = []
    for _ in range(50):
        t = time.ticks_us()
        club.poll(time.ticks_ms(), frame)
        idle.append(us_since(t))
        time.sleep_ms(10)
    spread("idle_poll", idle)
    club.g = club.new_gid()
    club.n = 0
    club._event(proto.start(club.g, "hex", None, "2p", None, None, None))
    t = time.ticks_us()
    club.poll(time.ticks_ms(), None)
    say("one_event_onto_flash_us", us_since(t))      # a move's pass: its event journalled
    for k in range(1, 11):
        club._event(proto.move(club.g, club.n, "a%d" % k, k & 1))
    t = time.ticks_us()
    club.poll(time.ticks_ms(), None)
    say("ten_events_onto_flash_us", us_since(t))
    # every pass until all is out and answered: reading back, sending, PUBACKs
    passes(club, None, "event_publish", lambda: club.outbox.more or club.ready is not None
           or link.unacked)
    msg = '{"v":1,"k":"move","g":"%s","n":3,"m":"a1","from":"t2"}' % club.g
    drops = []
    for _ in range(50):
        t = time.ticks_us()
        club.receive(proto.topic(club.name, "in"), msg)
        drops.append(us_since(t))
    spread("drop_in_message", drops)
    say("log_lines_in_ram", len(club.log_lines))
    t = time.ticks_us()
    club.flush_log()
    say("log_flush_us", us_since(t))              # the RAM's lines in one append
    gc.collect()
    say("heap_end", gc.mem_free())
    say("pending", club.outbox.pending())


def passes(club, frame, name, more):
    """Club.poll's time in each pass while `more()`, 10 ms apart as the loop's."""
    took = []
    clean = []                  # the passes in which no garbage collection ran
    start = time.ticks_ms()
    while more() and time.ticks_diff(time.ticks_ms(), start) < 20000:
        a = gc.mem_alloc()
        t = time.ticks_us()
        club.poll(time.ticks_ms(), frame)
        took.append(us_since(t))
        if gc.mem_alloc() >= a:
            clean.append(took[-1])
        time.sleep_ms(10)
    say(name + "_passes", len(took))
    if len(took) <= 4:
        for k, us in enumerate(took):
            say("%s_pass%d_us" % (name, k), us)
    say(name + "_collections", len(took) - len(clean))
    if took:
        spread(name + "_pass", took)
    if clean:
        spread(name + "_pass_no_collection", clean)
