import json
import os
import urllib.error
import urllib.request

URL = os.environ["TRIALGATE_SERVICE_URL"]


def add(name, n):
    request = urllib.request.Request(f"{URL}/items/{name}", data=json.dumps({"add": n}).encode(), method="POST")
    try:
        return urllib.request.urlopen(request).status
    except urllib.error.HTTPError as e:
        return e.code


def count(name):
    return json.load(urllib.request.urlopen(f"{URL}/items/{name}"))["count"]


# @section happy-path
def test_adding_a_positive_count_raises_the_tally():
    assert add("apples", 3) == 200
    assert count("apples") == 3
# @end


# @section validation
def test_zero_and_negative_counts_are_refused_and_change_nothing():
    for n in (0, -2):
        assert add("pears", n) == 400, f"add {n}"
    assert count("pears") == 0
# @end
