/**
 * The hosting forms' general error (hosting §8, core §8): the response's message above the buttons (field
 * messages stay under their fields; the state is the form hook's, ../shared/use-form.ts); a message
 * containing a link shows it as a link.
 */

/** One message, with any http(s) address in it shown as a link. */
export function MessageText({ text }: { text: string }) {
  // An address ends before the punctuation that follows it in the sentence ("(… file.png).").
  const parts = text.split(/(https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]])/g);
  return (
    <>
      {parts.map((p, i) =>
        /^https?:\/\//.test(p) ? (
          <a key={i} href={p} target="_blank" rel="noopener noreferrer">
            {p}
          </a>
        ) : (
          p
        ),
      )}
    </>
  );
}

/** The error block above a form's buttons: the response's message (field messages stay under their fields). */
export function FailureBlock({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div className="hosting-error" role="alert">
      <p>
        <MessageText text={message} />
      </p>
    </div>
  );
}
