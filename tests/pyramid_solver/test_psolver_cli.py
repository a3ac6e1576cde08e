"""`tableside pyramid solve | hint | simulate`: output contract and one-line errors."""
import json

from assistant.cli import main

D3 = ("6s Ts 8c Kc 2d Tc 6c Qc Ah 3h 2h Qh 9h Ac Jd Th 7d Qd Jh 5d 7s Js 7h 2s 6h 2c 8s 3s "
      "Ks 3c 4s 8h 4c As 4d 6d Kh Ad Jc 5h Qs 9s 3d 8d 5s 9d 5c Kd Td 9c 7c 4h")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_json(capsys):
    code, out, _ = run(capsys, "pyramid", "solve", D3, "--json")
    assert code == 0
    d = json.loads(out)
    assert set(d) == {"winnable", "moves", "removed", "states", "seconds"}
    assert d["winnable"] is True and d["removed"] == 28 and d["states"] > 0
    assert d["moves"][0] in ({"remove": ["7.2", "7.4"]}, {"remove": ["7.1", "7.3"]}) or "remove" in d["moves"][0]


def test_solve_readable_and_rules(capsys):
    code, out, _ = run(capsys, "pyramid", "solve", D3, "--set", "goal=all52")
    assert code == 0 and out.startswith("Not winnable")
    code, out, _ = run(capsys, "pyramid", "solve", D3, "--rules", "classic")
    assert code == 0


def test_errors_are_one_line_exit_2(capsys, tmp_path):
    for argv in (["pyramid", "solve", D3.rsplit(" ", 1)[0]],
                 ["pyramid", "solve", D3.replace("4h", "6s")],
                 ["pyramid", "solve", D3, "--set", "passes=2"]):
        code, out, err = run(capsys, *argv)
        assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err
    bad = tmp_path / "state.json"
    bad.write_text(json.dumps({"pyramid": {}, "waste": [], "stock": 24}))
    code, _, err = run(capsys, "pyramid", "hint", str(bad))
    assert code == 2 and err.count("\n") == 1


def test_hint_and_simulate(capsys, tmp_path):
    code, out, _ = run(capsys, "pyramid", "deal", "--seed", "11")
    assert code == 0
    f = tmp_path / "s.json"
    f.write_text(out)
    code, out, _ = run(capsys, "pyramid", "hint", str(f), "--json")
    d = json.loads(out)
    assert code == 0 and d["best"] in [a["move"] for a in d["actions"]]
    assert d["method"] == "sampled" and d["samples"] >= 10
    code, out, _ = run(capsys, "pyramid", "simulate", "--deals", "5", "--policy", "naive", "--json")
    d = json.loads(out)
    assert code == 0 and d["deals"] == 5 and 0 <= d["interval95"][0] <= d["win_rate"] <= d["interval95"][1]
    code, out, _ = run(capsys, "pyramid", "simulate", "--deals", "3", "--policy", "perfect")
    assert code == 0 and out.startswith("perfect: ")
