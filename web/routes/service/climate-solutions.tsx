export default function Page() {
  return (
    <main>
      <h1>climate-solutions</h1>
    </main>
  );
}
