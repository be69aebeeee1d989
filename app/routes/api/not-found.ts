/** Unknown API paths answer JSON, for every method, never the HTML not-found page. */
const notFound = () => Response.json({ error: "Not found" }, { status: 404 });

export const loader = notFound;
export const action = notFound;
