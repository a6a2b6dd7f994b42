/** Why the last action failed, read out by screen readers; nothing when it did not. */
export const Alert = ({ text }: { text: string }) =>
  text ? (
    <p className="error" role="alert">
      {text}
    </p>
  ) : null;
