export function FaqPage() {
  return <h1>Preguntas frecuentes</h1>;
}
