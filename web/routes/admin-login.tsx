export default function Page() {
  return (
    <main>
      <h1>admin-login</h1>
    </main>
  );
}
