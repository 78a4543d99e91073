#!/usr/bin/env python3
"""A capture suite end to end, through th-capture as a CI system runs it.

usage: suite_flow.py TH_CAPTURE SUITE.json WORK_DIR

Updates goldens into a fresh folder, compares with one and two worker processes, runs two
shards and merges them (the same verdicts each way), reads the JUnit XML with Python's own
parser, checks that --update writes only what failed and never what errored, that a golden
made under other settings is refused, that stale goldens are listed, that a worker killed
mid-capture (and one past --timeout) fails that capture and still gives a report, that a
corrupt timings file is ignored with a warning, and that shards of different suites do not
merge.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

exe, suite, work = sys.argv[1], sys.argv[2], sys.argv[3]
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
goldens = os.path.join(work, "goldens")
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAILED:", what)


def run(*args, expect=0):
    p = subprocess.run([exe, "--suite", suite, *args], capture_output=True, text=True)
    if p.returncode != expect:
        print(p.stdout, p.stderr)
        check(False, f"exit {p.returncode} (expected {expect}) for {' '.join(args)}")
    return p


def verdicts(folder):
    with open(os.path.join(folder, "summary.json")) as f:
        return {c["name"]: c["status"] for c in json.load(f)["captures"]}


def junit_cases(path):
    root = ET.parse(path).getroot()  # raises on XML that is not well formed
    check(root.tag == "testsuites", f"{path}: root element is {root.tag}")
    cases = {}
    for suite_element in root.findall("testsuite"):
        for case in suite_element.findall("testcase"):
            check(case.get("name") and case.get("classname") and case.get("time") is not None,
                  f"{path}: a testcase lacks name, classname or time")
            kinds = [child.tag for child in case if child.tag in ("failure", "error", "skipped")]
            cases[case.get("name")] = kinds[0] if kinds else "passed"
        check(int(suite_element.get("tests")) == len(suite_element.findall("testcase")), f"{path}: tests count")
    return cases


# 1. Fresh goldens: every capture is written (golden missing), with its settings recorded.
run("--update", goldens, "--out-dir", os.path.join(work, "update"))
names = sorted(verdicts(os.path.join(work, "update")))
check(len(names) == 6, f"six captures, got {names}")
check(all(s == "updated" for s in verdicts(os.path.join(work, "update")).values()), "all updated")
with open(os.path.join(goldens, "settings.json")) as f:
    recorded = json.load(f)["goldens"]
check(recorded.get("triangle.gl33", {}).get("api") == "gl33", "the gl33 capture's golden records gl33")
check(recorded.get("scene_features", {}).get("size") == [48, 32], "the size is recorded")

# 2. Compare with two jobs and with one: all pass; JUnit parses.
two = os.path.join(work, "jobs2")
run("--compare", goldens, "--jobs", "2", "--out-dir", two, "--junit", os.path.join(two, "junit.xml"))
one = os.path.join(work, "jobs1")
run("--compare", goldens, "--jobs", "1", "--out-dir", one)
check(set(verdicts(two).values()) == {"passed"}, f"--jobs 2 all pass: {verdicts(two)}")
check(verdicts(one) == verdicts(two), "--jobs 1 and --jobs 2 agree")
check(set(junit_cases(os.path.join(two, "junit.xml")).values()) == {"passed"}, "JUnit: all passed")

# 3. Two shards and their merge: the same verdicts; each capture in exactly one shard.
shard1, shard2, merged = (os.path.join(work, d) for d in ("shard1", "shard2", "merged"))
run("--compare", goldens, "--shard", "1/2", "--out-dir", shard1)
run("--compare", goldens, "--shard", "2/2", "--out-dir", shard2)
check(not set(verdicts(shard1)) & set(verdicts(shard2)), "shards are disjoint")
p = subprocess.run([exe, "--merge-reports", shard1, shard2, "--out-dir", merged, "--junit",
                    os.path.join(merged, "junit.xml")], capture_output=True, text=True)
check(p.returncode == 0, f"merge exit {p.returncode}: {p.stderr}")
check(verdicts(merged) == verdicts(two), "merged shards give the --jobs 2 verdicts")
check(len(junit_cases(os.path.join(merged, "junit.xml"))) == 6, "merged JUnit has six test cases")
# Balanced by the last run's timings: still disjoint and complete.
run("--compare", goldens, "--shard", "1/2", "--timings", os.path.join(two, "summary.json"), "--out-dir", shard1)
run("--compare", goldens, "--shard", "2/2", "--timings", os.path.join(two, "summary.json"), "--out-dir", shard2)
check(sorted(list(verdicts(shard1)) + list(verdicts(shard2))) == names, "timed shards cover the suite once")
# A corrupt timings file: a warning, shards by count.
corrupt = os.path.join(work, "corrupt.json")
with open(corrupt, "w") as f:
    f.write("{\"suite\": ")
p = run("--compare", goldens, "--shard", "1/2", "--timings", corrupt, "--out-dir", shard1)
check("warning: --timings ignored" in p.stderr, f"corrupt timings warned: {p.stderr}")

# 4. Nothing changed: --update writes nothing.
stamp = {n: os.stat(os.path.join(goldens, n + ".png")).st_mtime_ns for n in names}
p = run("--update", goldens, "--out-dir", os.path.join(work, "noop"))
check("updated " not in p.stdout, "a passing capture is not rewritten")
check(all(os.stat(os.path.join(goldens, n + ".png")).st_mtime_ns == stamp[n] for n in names), "goldens untouched")

# 5. A golden that differs: that capture fails (failure in JUnit), and --update rewrites it alone.
shutil.copy(os.path.join(goldens, "scene-triangle.t0.png"), os.path.join(goldens, "triangle.es30.png"))
shutil.copy(os.path.join(goldens, "scene-triangle.t0.png"), os.path.join(goldens, "variant-leaf.png"))
changed = os.path.join(work, "changed")
run("--compare", goldens, "--out-dir", changed, "--junit", os.path.join(changed, "junit.xml"), expect=1)
v = verdicts(changed)
check(v["triangle.es30"] == "failed" and v["variant-leaf"] == "failed", f"changed goldens fail: {v}")
check(junit_cases(os.path.join(changed, "junit.xml"))["triangle.es30"] == "failure", "JUnit failure element")
stamp = {n: os.stat(os.path.join(goldens, n + ".png")).st_mtime_ns for n in names}
time.sleep(0.01)
p = run("--update", goldens, "--out-dir", os.path.join(work, "fix"))
rewritten = [n for n in names if os.stat(os.path.join(goldens, n + ".png")).st_mtime_ns != stamp[n]]
check(sorted(rewritten) == ["triangle.es30", "variant-leaf"], f"only the failed goldens are rewritten: {rewritten}")
run("--compare", goldens, "--out-dir", os.path.join(work, "fixed"))

# 6. A golden made under other settings is refused, naming the difference.
settings_path = os.path.join(goldens, "settings.json")
with open(settings_path) as f:
    settings = json.load(f)
settings["goldens"]["triangle.gl33"]["api"] = "es30"
with open(settings_path, "w") as f:
    json.dump(settings, f)
other = os.path.join(work, "other-settings")
run("--compare", goldens, "--out-dir", other, expect=1)
with open(os.path.join(other, "summary.json")) as f:
    by_name = {c["name"]: c for c in json.load(f)["captures"]}
check("made under other settings: api es30 (the capture's gl33)" in by_name["triangle.gl33"]["message"],
      f"settings difference named: {by_name['triangle.gl33']['message']}")
settings["goldens"]["triangle.gl33"]["api"] = "gl33"
with open(settings_path, "w") as f:
    json.dump(settings, f)

# 7. A golden no capture makes is listed as stale.
shutil.copy(os.path.join(goldens, "triangle.es30.png"), os.path.join(goldens, "retired.png"))
p = run("--compare", goldens, "--out-dir", os.path.join(work, "stale"))
check("stale golden: " in p.stdout and "retired.png" in p.stdout, "stale golden listed")
os.remove(os.path.join(goldens, "retired.png"))

# 8. A worker killed mid-capture: that capture crashed, the others pass, the report is written;
#    --update does not bless it.
killed = os.path.join(work, "killed")
proc = subprocess.Popen([exe, "--suite", suite, "--compare", goldens, "--jobs", "1", "--out-dir", killed,
                         "--junit", os.path.join(killed, "junit.xml")], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                        text=True)
victim = None
deadline = time.time() + 60
while victim is None and time.time() < deadline:
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == proc.pid:  # the parent's first worker
            victim = int(pid)
    time.sleep(0.005)
check(victim is not None, "a worker process appeared")
if victim:
    os.kill(victim, signal.SIGKILL)
out, err = proc.communicate(timeout=300)
check(proc.returncode == 1, f"a killed worker fails the run (exit {proc.returncode})")
v = verdicts(killed)
crashed = [n for n, s in v.items() if s == "crashed"]
check(len(crashed) == 1 and list(v.values()).count("passed") == 5, f"one crashed, five passed: {v}")
if crashed:
    check(junit_cases(os.path.join(killed, "junit.xml"))[crashed[0]] == "error", "JUnit error element for the crash")
    check("SIGKILL" in out, "the signal is named")

# 9. Past --timeout: timed out, never written as a golden.
timed = os.path.join(work, "timeout")
p = run("--update", goldens, "--only", "scene_features", "--timeout", "0.001", "--out-dir", timed, expect=1)
check(verdicts(timed) == {"scene_features": "timed-out"}, f"timed out: {verdicts(timed)}")
check("not updated: the capture timed-out" in p.stdout, "a timed-out capture is not blessed")

# 10. Shards of different suites are refused, naming both.
other_suite = os.path.join(work, "other-suite")
shutil.copytree(shard2, other_suite)
with open(os.path.join(other_suite, "summary.json")) as f:
    summary = json.load(f)
summary["suite"] = "another"
with open(os.path.join(other_suite, "summary.json"), "w") as f:
    json.dump(summary, f)
p = subprocess.run([exe, "--merge-reports", shard1, other_suite, "--out-dir", os.path.join(work, "bad-merge")],
                   capture_output=True, text=True)
check(p.returncode == 1 and "different suites" in p.stderr and "another" in p.stderr and "'small'" in p.stderr,
      f"different suites refused: {p.returncode} {p.stderr}")

if failures:
    print(f"{len(failures)} checks failed")
    sys.exit(1)
print("suite flow: all checks pass")
