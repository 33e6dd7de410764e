import { useState, type ReactNode, type RefObject } from "react";
import { useFocusWhenTurnsOn } from "../../lib/use-focus";
import { FormAlert } from "./form-alert";

/**
 * A change offered behind a button (a booking's time, vehicle or flight, a pass's plates): closed,
 * its title, what the last change did, and the button that opens the form; opened, the form.
 * Saved or kept, the form goes and the focus goes back to that button.
 */
export function useOpenedForm() {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string>();
  const opener = useFocusWhenTurnsOn<HTMLButtonElement>(!open);
  return {
    open,
    /** What the last change did, said while the form is closed. */
    done,
    opener,
    /** Opens the form: what the last change did is no longer said. */
    show: () => {
      setDone(undefined);
      setOpen(true);
    },
    /** Closes the form: kept (nothing said), or changed (`said`, until it opens again). */
    close: (said?: string) => {
      setOpen(false);
      if (said !== undefined) setDone(said);
    },
  };
}

/** The closed form: its title, what is there now (`children`), the last change's success, and its opener. */
export function ClosedForm({
  className,
  title,
  done,
  opener,
  onOpen,
  openLabel,
  children,
}: {
  className: string;
  title: string;
  done?: string | undefined;
  opener: RefObject<HTMLButtonElement | null>;
  onOpen: () => void;
  openLabel: string;
  children?: ReactNode;
}) {
  return (
    <div className={className}>
      <h3>{title}</h3>
      {children}
      {done !== undefined && <FormAlert tone="success" message={done} />}
      <button ref={opener} type="button" className="button" onClick={onOpen}>
        {openLabel}
      </button>
    </div>
  );
}
