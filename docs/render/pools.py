"""The app's pools as its catalogue lists them (webapp/src/main/resources/pools.json, the one list
of the repository): their names in the app's order and the labels the pages give them.
"""
import json
import os

CATALOGUE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                         "webapp", "src", "main", "resources", "pools.json")

with open(CATALOGUE, encoding="utf-8") as f:
    POOLS = json.load(f)["pools"]

ORDER = tuple(pool["name"] for pool in POOLS)
LABELS = {pool["name"]: pool["label"] for pool in POOLS}
