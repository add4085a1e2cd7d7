export default function Page() {
  return (
    <main>
      <h1>disaster-management</h1>
    </main>
  );
}
