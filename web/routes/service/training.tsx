export default function Page() {
  return (
    <main>
      <h1>training</h1>
    </main>
  );
}
