import { SEARCH_MAX_CHARS } from "@parkwell/contract";

/**
 * The park search words and their submit button (park list, map page; the home page puts its
 * button after the dates, so it has none here). Longer text than the server reads is not typed at all.
 */
export function SearchTextField(props: {
  id: string;
  value: string;
  onChange: (text: string) => void;
  placeholder: string;
  button?: string;
  /** Its name in the form's own GET, for a page whose form works before hydration (the home, the lists). */
  name?: string;
}) {
  return (
    <>
      <input
        id={props.id}
        type="search"
        name={props.name}
        value={props.value}
        maxLength={SEARCH_MAX_CHARS}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.button && (
        <button type="submit" className="button button--accent">
          {props.button}
        </button>
      )}
    </>
  );
}
