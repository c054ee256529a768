"""Tree files: Selby's format and JSON round-trip; the verifier accepts good trees and names faults."""
import copy

import pytest

from wordlelab.models.feedback import feedback, pattern_code
from wordlelab.models.tree import Tree, from_json, read_selby, to_json, write_selby, TreeFormatError
from wordlelab.models.verify import TreeFault, verify_tree

ANSWERS = ["cigar", "rebut", "sissy", "humph", "awake"]
GUESSES = ANSWERS + ["salet", "crane"]


def tiny_tree():
    """salet, then each answer by its own pattern."""
    t = Tree("salet")
    for a in ANSWERS:
        p = feedback("salet", a)
        assert p not in t.branches
        t.branches[p] = Tree(a, {242: None})
    return t


def test_tiny_tree_verifies():
    r = verify_tree(tiny_tree(), ANSWERS, GUESSES)
    assert (r.total, r.max_guesses, r.histogram) == (10, 2, {2: 5})


def test_selby_and_json_round_trip():
    t = tiny_tree()
    assert read_selby(write_selby(t)) == t
    assert from_json(to_json(t)) == t


def test_hollow_layout_is_parsed():
    text = "salet BBBBB1 courd GGGGG2\n             crane GGGGG2\n"
    with pytest.raises(TreeFormatError, match="same position"):
        read_selby(text)  # two different guesses at the node salet.BBBBB
    with pytest.raises(TreeFormatError):
        read_selby("salet BBBBB1 courd\n")


def test_faults_are_named():
    t = tiny_tree()
    dropped = copy.deepcopy(t)
    del dropped.branches[feedback("salet", "sissy")]
    with pytest.raises(TreeFault, match="sissy"):
        verify_tree(dropped, ANSWERS, GUESSES)
    wrong = copy.deepcopy(t)
    wrong.branches[pattern_code("GGGGB")] = wrong.branches.pop(feedback("salet", "cigar"))
    with pytest.raises(TreeFault, match="GGGGB"):
        verify_tree(wrong, ANSWERS, GUESSES)
    with pytest.raises(TreeFault, match="over the limit"):
        verify_tree(t, ANSWERS, GUESSES, max_guesses=1)


def _reference(shared, name):
    return (shared / "reference" / name).read_text()


@pytest.mark.parametrize("name,mode,total", [("salet.easy.nyt20220316.tree", "easy", 7897),
                                             ("salet.hard.nyt20220316.tree", "hard", 8099)])
def test_reference_trees(shared, lists_0316, name, mode, total):
    text = _reference(shared, name)
    tree = read_selby(text)
    assert write_selby(tree) == text
    r = verify_tree(tree, lists_0316.answers, lists_0316.guesses, mode)
    assert r.total == total and r.n_answers == 2309


def test_reference_tree_with_one_pattern_changed(shared, lists_0316):
    lines = _reference(shared, "salet.easy.nyt20220316.tree").splitlines()
    assert lines[0].startswith("salet BBBBB1 courd BBBBB2 nymph BBBBY3 whiff")
    lines[0] = lines[0].replace("BBBBY3", "BBBYY3")
    with pytest.raises(TreeFault, match="whiff|BBBYY"):
        verify_tree(read_selby("\n".join(lines)), lists_0316.answers, lists_0316.guesses)


def test_reference_tree_with_one_answer_dropped(shared, lists_0316):
    lines = _reference(shared, "salet.easy.nyt20220316.tree").splitlines()
    leaf = next(i for i, l in enumerate(lines) if l.strip() == "GGGGG3")  # ... nymph GGGGG3
    del lines[leaf]
    with pytest.raises(TreeFault, match="nymph"):
        verify_tree(read_selby("\n".join(lines)), lists_0316.answers, lists_0316.guesses)


def test_reference_hard_tree_with_illegal_guess(shared, lists_0316):
    tree = read_selby(_reference(shared, "salet.hard.nyt20220316.tree"))
    node = tree.branches[pattern_code("BBBBY")]   # t is yellow: every later guess needs a t
    node.guess = "mummy"
    with pytest.raises(TreeFault, match="not allowed in hard mode"):
        verify_tree(tree, lists_0316.answers, lists_0316.guesses, "hard")
    # the easy tree breaks hard mode somewhere, too
    easy = read_selby(_reference(shared, "salet.easy.nyt20220316.tree"))
    with pytest.raises(TreeFault, match="hard mode"):
        verify_tree(easy, lists_0316.answers, lists_0316.guesses, "hard")


def test_graphml_export_round_trips(tmp_path):
    import networkx as nx
    from wordlelab.models.feedback import ALL_GREEN
    from wordlelab.models.tree import save_tree
    drone = Tree("drone", {ALL_GREEN: None, feedback("drone", "crimp"): Tree("crimp", {ALL_GREEN: None})})
    tree = Tree("salet", {ALL_GREEN: None, feedback("salet", "drone"): drone})
    path = tmp_path / "t.graphml"
    save_tree(tree, str(path))
    g = nx.read_graphml(path)
    assert nx.is_arborescence(g)
    leaves = [n for n in g if g.out_degree(n) == 0]
    assert sorted(g.nodes[n]["guess"] for n in leaves) == ["crimp", "drone", "salet"]
    assert {d["pattern"] for _, _, d in g.edges(data=True)} >= {"BBBYB", "GGGGG"}


def test_a_tree_write_cut_short_leaves_the_old_file_whole(tmp_path, monkeypatch):
    """A sweep stopped while it writes a yes word's tree must not leave half a tree: the file is
    written beside its path and renamed over it."""
    from wordlelab.models import tree as tree_module
    from wordlelab.models.feedback import ALL_GREEN
    from wordlelab.models.tree import load_tree, save_tree
    path = tmp_path / "salet.tree"
    save_tree(Tree("salet", {ALL_GREEN: None}), path)
    before = path.read_text()

    def interrupted(tree):
        raise KeyboardInterrupt
    monkeypatch.setattr(tree_module, "write_selby", interrupted)
    with pytest.raises(KeyboardInterrupt):
        save_tree(Tree("crane", {ALL_GREEN: None}), path)
    assert path.read_text() == before and load_tree(str(path)).guess == "salet"
    assert [p.name for p in tmp_path.iterdir()] == ["salet.tree"]


def test_paths_with_given_patterns_make_the_same_tree():
    from wordlelab.models.tree import tree_from_paths
    answers = ["cigar", "rebut", "sissy"]
    paths = [["cigar"], ["cigar", "rebut"], ["cigar", "sissy"]]
    patterns = [[feedback(g, a) for g in p] for a, p in zip(answers, paths)]
    plain, given = tree_from_paths(answers, paths), tree_from_paths(answers, paths, patterns)
    assert to_json(plain) == to_json(given)
    wrong = [list(p) for p in patterns]
    wrong[1][0] = pattern_code("BBBBB")          # a pattern no answer gives: the verifier says so
    with pytest.raises(TreeFault):
        verify_tree(tree_from_paths(answers, paths, wrong), answers, answers)
