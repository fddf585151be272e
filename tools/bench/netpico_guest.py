"""Runs on the emulated Pico W (tools/bench/netpico.py stages it there):
the board's club network on its real firmware, timed. It joins the WiFi,
connects to the broker over TLS with the club file's CA, then times the
loop's network turn (Club.poll) idle while connected, each poll that
publishes one event, and the receiving path for a message it drops, and
reads the heap at each step. It prints one line per figure for the host:

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
    first = []
    while club.pos_due:                       # the picture, sent at each connect
        t = time.ticks_us()
        club.poll(time.ticks_ms(), frame)
        first.append(us_since(t))
    say("pos_publish_us", first[-1] if first else -1)
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
    for k in range(1, 11):
        club._event(proto.move(club.g, club.n, "a%d" % k, k & 1))
    sends = []
    flushed = None
    while club.queue or club.outbox.more:
        t = time.ticks_us()
        club.poll(time.ticks_ms(), None)
        took = us_since(t)
        if flushed is None:
            flushed = took                    # the eleven events onto flash, and the first out
        else:
            sends.append(took)
    say("events_onto_flash_and_first_out_us", flushed)
    spread("event_publish_poll", sends)
    msg = '{"v":1,"k":"move","g":"%s","n":3,"m":"a1","from":"t2"}' % club.g
    drops = []
    for _ in range(50):
        t = time.ticks_us()
        club.receive(proto.topic(club.name, "in"), msg)
        drops.append(us_since(t))
    spread("drop_in_message", drops)
    gc.collect()
    say("heap_end", gc.mem_free())
    say("pending", club.outbox.pending())
