"""The official MCP SDK as an independent client of `fireweed serve`, in both protocol eras."""

from __future__ import annotations

import sys

import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

pytestmark = pytest.mark.anyio

CLAIM = {"claim": "Priya Raman joined Acme Robotics in 2019.", "evidence": "Priya Raman joined Acme Robotics in 2019."}


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.mark.parametrize("mode", ["legacy", "auto"])
async def test_sdk_client_lists_tools_remembers_and_recalls(fw_env, mode):
    params = StdioServerParameters(command=sys.executable, args=["-m", "fireweed", "serve"], env=fw_env)
    async with Client(params, mode=mode) as client:
        tools = await client.list_tools()
        names = [t.name for t in tools.tools]
        assert "remember" in names and "recall" in names
        remember = next(t for t in tools.tools if t.name == "remember")
        assert remember.output_schema is not None and remember.annotations.read_only_hint is False
        admitted = await client.call_tool("remember", CLAIM)
        assert admitted.is_error is False
        assert admitted.structured_content["verdict"] == "admitted"
        assert admitted.content[0].text.startswith("ADMITTED")
        refused = await client.call_tool("remember", {"claim": "Acme Robotics joined Priya Raman.",
                                                      "evidence": CLAIM["evidence"]})
        assert refused.is_error is True and refused.structured_content["code"] == "relation_transposed"
        answered = await client.call_tool("recall", {"query": "When did Priya Raman join Acme Robotics?"})
        assert answered.structured_content["verdict"] == "answered"
        abstained = await client.call_tool("recall", {"query": "When did Priya Raman leave Acme Robotics?"})
        assert abstained.is_error is False and abstained.structured_content["verdict"] == "abstained"
