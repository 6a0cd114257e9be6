/** The server-info path the shell's keep-alive HEADs (spec document 1, section 7); it also answers GET for probes. */
export const loader = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
