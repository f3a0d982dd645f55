#!/usr/bin/env python3
"""An adversarial campaign against one build of `island`, run the same before and after a
change, printing one table: inputs tried per category, crashes, hangs, data lost, and other
broken promises.

    Fuzz/campaign.py --island .build/release/island [--seed 13] [--fuzz-seconds 30]

Categories:
  malformed journals    mutated and hostile journals through `island check` and `replay`
  edge journals         journals at every bound through check, replay, the REPL's load and
                        state, a resumed `--journal`, and `save` (then checked again)
  REPL lines            malformed and hostile lines through `island run --journal`, the
                        journal checked after
  writer kills          SIGKILL of `journal test-writer` and of a recording REPL at random
                        moments; `save` over a journal another writer holds; full disks
  libFuzzer             each target of Fuzz/ for --fuzz-seconds (with --fuzz-dir, the Fuzz
                        package of the same checkout)

A crash is a signal (a trap, an abort); a hang is a run past its timeout (10 s); data lost is
an acknowledged event missing afterwards, or a journal acknowledged that no reader reads;
other is a broken promise that is neither: an error without FILE:LINE, control characters
reaching the terminal, a file left behind, an unexpected exit code.
Standard library only; every input is made from --seed.
"""
import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

LARGEST = 9007199254740991
HEADER = '{"format":"island-journal","version":1,"device":"iPhone 15 Pro","profile":"tap-expands"}'
TIMEOUT = 10


class Tally:
    def __init__(self, name):
        self.name = name
        self.inputs = 0
        self.crashes = 0
        self.hangs = 0
        self.lost = 0
        self.other = 0
        self.examples = []

    def note(self, kind, example):
        setattr(self, kind, getattr(self, kind) + 1)
        if len(self.examples) < 4:
            self.examples.append(f"{kind}: {example}")


def run(island, args, cwd, stdin=b"", timeout=TIMEOUT, env_extra=None, shell_prefix=None):
    """(status, stdout, stderr); status None on a timeout, -N on signal N."""
    env = dict(os.environ, NO_COLOR="1", ISLAND_HISTORY="")
    if env_extra:
        env.update(env_extra)
    command = [island] + args
    if shell_prefix:
        command = ["bash", "-c", shell_prefix + ' exec "$@"', "campaign"] + command
    try:
        done = subprocess.run(command, cwd=cwd, input=stdin, capture_output=True,
                              timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return None, b"", b""
    status = done.returncode
    # bash reports a child killed by a signal as 128 + N.
    if shell_prefix and status > 128:
        status = -(status - 128)
    return status, done.stdout, done.stderr


def has_control(data):
    text = data.decode("utf-8", "replace")
    return any((ord(c) < 0x20 and c not in "\n\t") or 0x7F <= ord(c) <= 0x9F for c in text)


def judge(tally, what, result, ok_statuses=(0, 64, 65, 66, 74)):
    """Counts a crash, a hang, an unexpected status or control characters; True if clean."""
    status, out, err = result
    if status is None:
        tally.note("hangs", what)
        return False
    if status < 0:
        tally.note("crashes", f"{what}: signal {-status}")
        return False
    if status not in ok_statuses:
        tally.note("other", f"{what}: exit {status}")
        return False
    if has_control(out) or has_control(err):
        tally.note("other", f"{what}: control characters on the terminal")
        return False
    return True


# MARK: - Inputs

def recorded_lines(root):
    lines = []
    directory = os.path.join(root, "Journals")
    for name in sorted(os.listdir(directory)):
        if name.endswith(".jsonl") and not name.endswith(".expected.jsonl"):
            with open(os.path.join(directory, name), encoding="utf-8") as file:
                lines += file.read().splitlines()[1:]
    return lines


NUMBERS = ["1e-400", "-0", "1.0000000000000000001", "0.5", "1e3", "9007199254740992",
           "9007199254740991", "-1", "18446744073709551616", "1E400", "00", "1.", "1e"]
HOSTILE = ["\\u001b]0;title\\u0007\\u001b[31mRED", "\\u0000", "\\ud800", "\\u202e", "\u009b31m",
           "\x1b[2J", "\x07"]


def mutate(line, rng):
    choice = rng.randrange(9)
    if choice == 0 and line:
        position = rng.randrange(len(line))
        return line[:position] + chr(rng.randrange(1, 127)) + line[position + 1:]
    if choice == 1:
        return line[: rng.randrange(len(line) + 1)]
    if choice == 2:
        return line.replace('"t":', '"t":' + rng.choice(NUMBERS) + ',"x":', 1)
    if choice == 3:
        return line.replace('"seq":', '"seq":' + rng.choice(NUMBERS) + ',"y":', 1)
    if choice == 4:
        return line.replace('"activity":"', '"activity":"' + rng.choice(HOSTILE), 1)
    if choice == 5:
        return line + line
    if choice == 6:
        depth = rng.choice([10, 100, 1000, 100000])
        return line.replace('"state":{', '"state":{"deep":' + "[" * depth + "]" * depth + ",", 1)
    if choice == 7:
        fields = rng.choice([10, 300, 1000, 2000, 4000])
        state = ",".join('"k%06d":0' % i for i in range(fields))
        return ('{"seq":1,"t":0,"event":"start","activity":"a","app":"com.a","state":{'
                + state + "}}")
    return line.replace('"', "", 1)


def malformed_journals(rng, lines, count):
    journals = []
    for _ in range(count):
        body = [rng.choice(lines) for _ in range(rng.randrange(1, 6))]
        # Renumber so that seq order is not the only thing refused.
        renumbered = []
        for index, line in enumerate(body, start=1):
            renumbered.append(_set_seq(line, index))
        position = rng.randrange(len(renumbered))
        renumbered[position] = mutate(renumbered[position], rng)
        header = HEADER if rng.random() < 0.9 else mutate(HEADER, rng)
        text = header + "\n" + "\n".join(renumbered) + ("\n" if rng.random() < 0.9 else "")
        journals.append(text.encode("utf-8", "surrogatepass"))
    return journals


def _set_seq(line, seq):
    start = line.find('"seq":')
    if start < 0:
        return line
    end = start + 6
    while end < len(line) and line[end].isdigit():
        end += 1
    return line[: start + 6] + str(seq) + line[end:]


def edge_journals():
    """Named journals at every bound: valid ones must go through every path."""
    big_policy = ('{"format":"island-journal","version":1,"policy":{"alertDuration":%d,'
                  '"maximumActiveDuration":%d,"dismissalDelay":%d,'
                  '"maximumAnimationDuration":%d,"springResponse":%d,"springDamping":0.000001}}'
                  % ((LARGEST,) * 5))
    L = LARGEST
    journals = {}
    journals["end-of-clock"] = "\n".join([
        HEADER,
        '{"seq":1,"t":%d,"event":"start","activity":"a","app":"com.a","state":{"n":1},"stale":%d}'
        % (L - 3, L),
        '{"seq":2,"t":%d,"event":"update","activity":"a","alert":{"title":"T","body":""}}' % (L - 2),
        '{"seq":3,"t":%d,"event":"end","activity":"a","dismissal":{"after":%d}}' % (L - 1, L),
        '{"seq":4,"t":%d,"event":"tick"}' % L]) + "\n"
    journals["largest-policy"] = "\n".join([
        big_policy,
        '{"seq":1,"t":%d,"event":"start","activity":"a","app":"com.a","state":{"n":1}}' % (L - 9),
        '{"seq":2,"t":%d,"event":"update","activity":"a","state":{"n":2},'
        '"alert":{"title":"T","body":""}}' % (L - 8),
        '{"seq":3,"t":%d,"event":"start","activity":"b","app":"com.b"}' % (L - 7),
        '{"seq":4,"t":%d,"event":"tap","target":"outside"}' % (L - 6),
        '{"seq":5,"t":%d,"event":"longPress","target":"island"}' % (L - 5),
        '{"seq":6,"t":%d,"event":"end","activity":"a"}' % (L - 4),
        '{"seq":7,"t":%d,"event":"tick"}' % L]) + "\n"
    journals["largest-policy-early"] = "\n".join([
        big_policy,
        '{"seq":1,"t":0,"event":"start","activity":"a","app":"com.a","state":{"n":1}}',
        '{"seq":2,"t":5,"event":"update","activity":"a","alert":{"title":"T","body":""}}',
        '{"seq":3,"t":%d,"event":"tick"}' % L]) + "\n"
    for fields in (100, 1000, 2000):
        state = ",".join('"k%06d":0' % i for i in range(fields))
        journals[f"fields-{fields}"] = (
            HEADER + "\n" + '{"seq":1,"t":0,"event":"start","activity":"a","app":"com.a",'
            '"state":{' + state + "}}\n")
    pad = "x" * 4000
    journals["payload-near-limit"] = (
        HEADER + "\n" + '{"seq":1,"t":0,"event":"start","activity":"a","app":"com.a",'
        '"state":{"p":"' + pad + '"}}\n')
    journals["id-64"] = (HEADER + "\n" + '{"seq":1,"t":0,"event":"start","activity":"' + "a" * 64
                         + '","app":"com.a"}\n')
    lines = [HEADER]
    seq = 1
    for index in range(3000):
        lines.append('{"seq":%d,"t":%d,"event":"start","activity":"id-%d","app":"com.a"}'
                     % (seq, index * 10, index))
        seq += 1
        lines.append('{"seq":%d,"t":%d,"event":"end","activity":"id-%d","dismissal":"immediate"}'
                     % (seq, index * 10 + 1, index))
        seq += 1
    lines.append('{"seq":%d,"t":30000,"event":"tap","target":"outside"}' % seq)
    journals["many-ids"] = "\n".join(lines) + "\n"
    journals["outside-on-iphone-14"] = (
        '{"format":"island-journal","version":1,"device":"iPhone 14"}\n'
        '{"seq":1,"t":0,"event":"tap","target":"outside"}\n')
    journals["header-only"] = HEADER + "\n"
    journals["empty"] = ""
    journals["torn-header"] = HEADER[:30]
    return {name: text.encode() for name, text in journals.items()}


def repl_lines(rng, root):
    lines = []
    for name in sorted(os.listdir(os.path.join(root, "Playground"))):
        if name.endswith(".island"):
            with open(os.path.join(root, "Playground", name), encoding="utf-8") as file:
                lines += [line.lstrip("! ") for line in file.read().splitlines()
                          if line.strip() and not line.lstrip().startswith("#")]
    hostile = [
        "wait 1000000000000000ms", "wait 9007199254740991ms", "wait 9007199254740992ms",
        "wait 99999999999999999999999h", "wait 0.0001s", "wait 1e3ms", "wait -5s",
        "start \"\x1b]0;title\x07\" com.a", "update \"\x1b[31mRED\" n=1", "tap \x9b31m",
        "start a com.a --stale 9007199254740991ms", "end a --dismissal @9007199254740992ms",
        "start a com.a " + " ".join("k%d=1" % i for i in range(2000)),
        "start a com.a --layout '" + "[" * 10000 + "'", "save \"\"", "load /dev/null",
        "run /dev/zero", "x" * 200000, "start a com.a n=\"" + "y" * 5000 + "\"",
        "tap outside", "longpress outside", "device iPhone 14", "tap outside",
    ]
    result = []
    for _ in range(160):
        line = rng.choice(lines)
        if rng.random() < 0.5:
            position = rng.randrange(len(line) + 1)
            line = line[:position] + rng.choice(["\"", "'", "--", "=", "@", "\x1b", " ",
                                                 "9007199254740991ms", "#", "\\"]) + line[position:]
        result.append(line)
    return result + hostile


# MARK: - Categories

def campaign_malformed(island, root, work, rng, tally, count):
    lines = recorded_lines(root)
    for index, data in enumerate(malformed_journals(rng, lines, count)):
        path = os.path.join(work, f"m{index}.jsonl")
        with open(path, "wb") as file:
            file.write(data)
        for args in (["check", path], ["replay", path, "--format", "json"]):
            tally.inputs += 1
            result = run(island, args, work)
            if judge(tally, f"{args[0]} m{index}", result) and result[0] in (65,):
                # A refusal names FILE:LINE (or FILE: for a file-wide problem).
                message = result[2].decode("utf-8", "replace")
                if not message.startswith(path + ":"):
                    tally.note("other", f"{args[0]} m{index}: error without FILE:LINE")


def campaign_edges(island, work, tally):
    for name, data in edge_journals().items():
        path = os.path.join(work, f"edge-{name}.jsonl")
        with open(path, "wb") as file:
            file.write(data)
        checked = run(island, ["check", path], work)
        tally.inputs += 1
        if not judge(tally, f"check {name}", checked):
            continue
        valid = checked[0] == 0
        for args in (["replay", path], ["replay", path, "--format", "jsonl"]):
            tally.inputs += 1
            judge(tally, f"{' '.join(args[:1])} {name}", run(island, args, work))
        tally.inputs += 1
        judge(tally, f"REPL load {name}", run(island, [], work, stdin=(
            f"load {path}\nstate\nlog\n").encode()))
        # Resume: a journal acknowledged must stay readable.
        resumed = os.path.join(work, f"resume-{name}.jsonl")
        shutil.copyfile(path, resumed)
        tally.inputs += 1
        result = run(island, ["--journal", resumed], work, stdin=b"wait 1ms\nstart zz com.zz\n")
        if judge(tally, f"resume {name}", result, ok_statuses=(0, 65, 66, 74)):
            again = run(island, ["check", resumed], work)
            if result[0] == 0 and again[0] != 0:
                tally.note("lost", f"resume {name}: acknowledged, then check says "
                           + again[2].decode("utf-8", "replace").strip()[:120])
        # Save: what the REPL holds is written as a journal a reader reads.
        saved = os.path.join(work, f"saved-{name}.jsonl")
        tally.inputs += 1
        result = run(island, [], work, stdin=(f"load {path}\nwait 1ms\nsave {saved}\n").encode())
        if judge(tally, f"save {name}", result) and os.path.exists(saved):
            again = run(island, ["check", saved], work)
            if again[0] != 0:
                tally.note("lost", f"save {name}: saved a journal check refuses: "
                           + again[2].decode("utf-8", "replace").strip()[:120])
        if valid and result[0] == 0 and not os.path.exists(saved):
            tally.note("other", f"save {name}: nothing saved")
    # Not regular files.
    fifo = os.path.join(work, "fifo.jsonl")
    os.mkfifo(fifo)
    directory = os.path.join(work, "fifo-dir")
    os.mkdir(directory)
    os.mkfifo(os.path.join(directory, "inner.jsonl"))
    for args in (["check", fifo], ["check", directory], ["replay", fifo], ["--journal", fifo],
                 ["run", fifo]):
        tally.inputs += 1
        judge(tally, " ".join(args[:1]) + " FIFO", run(island, args, work, timeout=5))
    for command in ("load", "run"):
        tally.inputs += 1
        judge(tally, f"REPL {command} FIFO",
              run(island, [], work, stdin=f"{command} {fifo}\n".encode(), timeout=5))


def campaign_repl(island, root, work, rng, tally):
    lines = repl_lines(rng, root)
    for batch in range(0, len(lines), 8):
        chunk = lines[batch: batch + 8]
        script = os.path.join(work, f"r{batch}.island")
        journal = os.path.join(work, f"r{batch}.jsonl")
        with open(script, "w", encoding="utf-8", errors="surrogatepass") as file:
            file.write("\n".join(chunk) + "\n")
        tally.inputs += len(chunk)
        result = run(island, ["run", script, "--keep-going", "--journal", journal], work)
        if judge(tally, f"run r{batch}", result) and os.path.exists(journal):
            again = run(island, ["check", journal], work)
            if again[0] != 0:
                tally.note("lost", f"run r{batch}: recorded a journal check refuses: "
                           + again[2].decode("utf-8", "replace").strip()[:120])


def campaign_kills(island, work, rng, tally, kills):
    env = dict(os.environ, NO_COLOR="1", ISLAND_HISTORY="")
    for index in range(kills):
        journal = os.path.join(work, f"k{index}.jsonl")
        tally.inputs += 1
        if index % 2 == 0:
            process = subprocess.Popen([island, "journal", "test-writer", journal],
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        else:
            process = subprocess.Popen([island, "--journal", journal], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
            lines = "".join(f"start a{n} com.a{n % 5}\nend a{n} --dismissal immediate\n"
                            for n in range(400))
            try:
                process.stdin.write(lines.encode())
                process.stdin.flush()
            except BrokenPipeError:
                pass
        time.sleep(rng.uniform(0.02, 0.3))
        process.send_signal(signal.SIGKILL)
        out, _ = process.communicate()
        text = out.decode("utf-8", "replace")
        if index % 2 == 0:
            acknowledged = max([int(line.split()[1]) for line in text.splitlines()
                                if line.startswith("accepted ")] or [0])
        else:
            acknowledged = max([int(line[1:].split()[0]) for line in text.splitlines()
                                if line.startswith("#") and line[1:2].isdigit()] or [0])
        if not os.path.exists(journal):
            if acknowledged:
                tally.note("lost", f"kill {index}: {acknowledged} acknowledged, no journal")
            continue
        repair = run(island, ["journal", "repair", journal], work)
        judge(tally, f"repair k{index}", repair, ok_statuses=(0,))
        replay = run(island, ["replay", journal, "--format", "json"], work)
        if replay[0] != 0:
            # An empty journal (killed while creating) is repairable, and repaired above.
            tally.note("lost", f"kill {index}: journal unreadable after repair: "
                       + replay[2].decode("utf-8", "replace").strip()[:100])
            continue
        seq_line = [line for line in replay[1].decode().splitlines() if line.startswith('  "seq"')]
        seq = int(seq_line[0].split(":")[1].strip(" ,")) if seq_line else 0
        if seq < acknowledged:
            tally.note("lost", f"kill {index}: {acknowledged} acknowledged, {seq} in the journal")
    # Save over a journal another writer holds (defect 5).
    for index in range(5):
        journal = os.path.join(work, f"held{index}.jsonl")
        tally.inputs += 1
        writer = subprocess.Popen([island, "journal", "test-writer", journal, "--events", "3",
                                   "--hold"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, env=env)
        for _ in range(4):
            writer.stdout.readline()
        run(island, [], work, stdin=f"start x com.x\nsave {journal}\n".encode())
        writer.stdin.close()
        writer.wait()
        replay = run(island, ["replay", journal, "--format", "json"], work)
        if b'"seq": 3' not in replay[1]:
            tally.note("lost", f"save over held journal {index}: the writer's 3 events are gone")
    # Full disks: a file-size limit makes every write past it fail.
    for index, (limit, stdin, args) in enumerate([
        (0, b"", ["journal", "test-writer", "fd0.jsonl", "--events", "1"]),
        (1, "".join(f"start a{n} com.a{n} t=\"{'x' * 100}\"\n" for n in range(10)).encode()
         + b"save fd1.jsonl\n", []),
        (0, b"start a com.a\n", ["--journal", "fd2.jsonl"]),
    ]):
        tally.inputs += 1
        before = set(os.listdir(work))
        result = run(island, args, work, stdin=stdin,
                     shell_prefix=f"trap '' XFSZ; ulimit -f {limit};")
        judge(tally, f"full disk {index}", result)
        left = sorted(set(os.listdir(work)) - before)
        leftovers = [name for name in left if ".tmp-" in name or os.path.getsize(
            os.path.join(work, name)) == 0]
        if leftovers:
            tally.note("other", f"full disk {index}: left {leftovers}")
    # Repair on a full disk must not lose a good backup.
    tally.inputs += 1
    with open(os.path.join(work, "R.jsonl"), "w") as file:
        file.write(HEADER + "\n" + "x" * 3000)
    good = HEADER + "\n" + '{"seq":1,"t":0,"event":"tick"}\n'
    with open(os.path.join(work, "R.jsonl.bak"), "w") as file:
        file.write(good)
    run(island, ["journal", "repair", "R.jsonl"], work, shell_prefix="trap '' XFSZ; ulimit -f 1;")
    with open(os.path.join(work, "R.jsonl.bak")) as file:
        if file.read() != good:
            tally.note("lost", "repair on a full disk truncated the good backup")


def campaign_libfuzzer(fuzz_dir, seconds, tally):
    for target in ("journal-line", "journal", "repl-command"):
        script = os.path.join(fuzz_dir, "run.sh")
        with open(script) as file:
            if f"  {target})" not in file.read():
                continue
        started = time.time()
        done = subprocess.run(["bash", script, target, str(seconds)], capture_output=True,
                              timeout=seconds + 1200)
        text = done.stderr.decode("utf-8", "replace")
        runs = [line for line in text.splitlines() if "stat::number_of_executed_units" in line]
        executed = int(runs[-1].split(":")[-1]) if runs else 0
        tally.inputs += executed
        if done.returncode != 0:
            kind = "hangs" if "timeout" in text.lower() else "crashes"
            cause = [line for line in text.splitlines() if "ERROR" in line or "Fatal" in line]
            tally.note(kind, f"{target}: " + (cause[0][:150] if cause else f"exit {done.returncode}"))
        print(f"  libFuzzer {target}: {executed} inputs in {time.time() - started:.0f} s",
              file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--island", required=True)
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--malformed", type=int, default=150)
    parser.add_argument("--kills", type=int, default=40)
    parser.add_argument("--fuzz-dir")
    parser.add_argument("--fuzz-seconds", type=int, default=30)
    options = parser.parse_args()
    island = os.path.abspath(options.island)
    rng = random.Random(options.seed)
    tallies = []
    with tempfile.TemporaryDirectory(prefix="island-campaign-") as work:
        for name, body in [
            ("malformed journals", lambda t: campaign_malformed(
                island, options.root, work, rng, t, options.malformed)),
            ("edge journals", lambda t: campaign_edges(island, work, t)),
            ("REPL lines", lambda t: campaign_repl(island, options.root, work, rng, t)),
            ("writer kills, locks, full disks",
             lambda t: campaign_kills(island, work, rng, t, options.kills)),
        ]:
            tally = Tally(name)
            started = time.time()
            body(tally)
            print(f"  {name}: {time.time() - started:.0f} s", file=sys.stderr)
            tallies.append(tally)
        if options.fuzz_dir:
            tally = Tally(f"libFuzzer ({options.fuzz_seconds} s a target)")
            campaign_libfuzzer(options.fuzz_dir, options.fuzz_seconds, tally)
            tallies.append(tally)
    print("| category | inputs | crashes | hangs | data lost | other |")
    print("|---|---:|---:|---:|---:|---:|")
    for tally in tallies:
        print(f"| {tally.name} | {tally.inputs} | {tally.crashes} | {tally.hangs} | {tally.lost} "
              f"| {tally.other} |")
    for tally in tallies:
        for example in tally.examples:
            print(f"  {tally.name}: {example}")


if __name__ == "__main__":
    main()
