export function TermsPage() {
  return <h1>Términos y condiciones</h1>;
}
