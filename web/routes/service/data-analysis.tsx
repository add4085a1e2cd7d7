export default function Page() {
  return (
    <main>
      <h1>data-analysis</h1>
    </main>
  );
}
