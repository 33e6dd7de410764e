/**
 * What a form's own GET would put in the address: its named fields as the screen shows them. A
 * list's filters read these, not React's state, on submit: on a slow phone a driver types before
 * the page is hydrated, and React keeps that text on the screen but not in its state.
 */
export function formQuery(form: HTMLFormElement): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") query.append(name, value);
  return query;
}
