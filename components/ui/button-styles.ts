/**
 * Class names shared by buttons and button-looking links: component classes of app/globals.css, one
 * short name each, since every use is sent twice (the HTML and the RSC payload). Being components, they
 * lose to any utility added beside them (`px-3` would win over their `px-4`): add only what should win.
 */
export const buttonClass = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  ghost: 'btn-ghost',
  inline: 'btn-inline',
} as const;
