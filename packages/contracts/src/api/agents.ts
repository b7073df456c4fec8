/** One card of the node list (POST /api/agent/agent_list; spec-2 §3 "Agent node (user list)"). */
export interface AgentListItem {
  _id: string;
  name: string;
  desc: string;
  country: { name: string; flag: string };
  /**
   * Latency in ms the node last reported (coloured with `latencyColour`); null when the node has
   * not reported in the last 10 minutes.
   */
  speed: number | null;
  /** Advertised bandwidth text (e.g. 1Gbps); empty when not set. */
  bandwidth: string;
  /** Agent type (v2ray, h2, reality): the page describes each type. */
  type: 'v2ray' | 'h2' | 'reality';
  orderID: number;
}
