package dev.zkload.bench.ensemble;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.HexFormat;
import java.util.Map;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The TLS material of one embedded ensemble, made fresh for it with Bouncy Castle: a CA of its own,
 * a server certificate for 127.0.0.1 and {@code localhost} and a client certificate, both signed by
 * that CA, as PKCS#12 key stores beside one trust store holding the CA. Nothing outside the run
 * trusts this CA, and its files live in the ensemble's own directory (deleted with it).
 *
 * @param serverKeyStore the servers' key and certificate chain
 * @param clientKeyStore the client's key and certificate chain (servers require a client certificate)
 * @param trustStore     the CA certificate, trusted by servers and client alike
 * @param password       of all three stores: random, made for this ensemble
 */
record TlsMaterial(Path serverKeyStore, Path clientKeyStore, Path trustStore, String password) {
    private static final Duration VALIDITY = Duration.ofDays(2);
    private static final String SIGNATURE = "SHA256withRSA";

    /** Generates the CA, the certificates and the stores into {@code dir}. */
    static TlsMaterial generate(Path dir) throws IOException {
        Files.createDirectories(dir);
        SecureRandom random = new SecureRandom();
        byte[] secret = new byte[18];
        random.nextBytes(secret);
        String password = HexFormat.of().formatHex(secret);
        try {
            KeyPair ca = keyPair(random);
            X500Name caName = new X500Name("CN=zkload embedded ensemble CA");
            X509Certificate caCert = sign(caName, caName, ca, ca, true, null, random);
            KeyPair server = keyPair(random);
            X509Certificate serverCert =
                    sign(new X500Name("CN=zkload embedded server"), caName, server, ca, false, loopbackNames(), random);
            KeyPair client = keyPair(random);
            X509Certificate clientCert =
                    sign(new X500Name("CN=zkload client"), caName, client, ca, false, null, random);
            TlsMaterial m = new TlsMaterial(
                    dir.resolve("server.p12"), dir.resolve("client.p12"), dir.resolve("truststore.p12"), password);
            writeKeyStore(m.serverKeyStore, "server", server, serverCert, caCert, password);
            writeKeyStore(m.clientKeyStore, "client", client, clientCert, caCert, password);
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            trust.setCertificateEntry("ca", caCert);
            store(trust, m.trustStore, password);
            return m;
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IOException("cannot generate the embedded ensemble's TLS certificates: " + e.getMessage(), e);
        }
    }

    /** The client properties ({@code ZKClientConfig} keys) that connect to these servers over TLS. */
    Map<String, String> clientProperties() {
        return Map.of(
                "zookeeper.client.secure",
                "true",
                "zookeeper.clientCnxnSocket",
                "org.apache.zookeeper.ClientCnxnSocketNetty",
                "zookeeper.ssl.keyStore.location",
                clientKeyStore.toString(),
                "zookeeper.ssl.keyStore.password",
                password,
                "zookeeper.ssl.trustStore.location",
                trustStore.toString(),
                "zookeeper.ssl.trustStore.password",
                password);
    }

    /** The servers' zoo.cfg entries for these stores. */
    Map<String, String> serverProperties() {
        return Map.of(
                "ssl.keyStore.location",
                serverKeyStore.toString(),
                "ssl.keyStore.password",
                password,
                "ssl.trustStore.location",
                trustStore.toString(),
                "ssl.trustStore.password",
                password);
    }

    private static KeyPair keyPair(SecureRandom random) throws GeneralSecurityException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048, random);
        return g.generateKeyPair();
    }

    private static GeneralNames loopbackNames() {
        return new GeneralNames(new GeneralName[] {
            new GeneralName(
                    GeneralName.iPAddress, InetAddress.getLoopbackAddress().getHostAddress()),
            new GeneralName(GeneralName.dNSName, "localhost")
        });
    }

    private static X509Certificate sign(
            X500Name subject,
            X500Name issuer,
            KeyPair subjectKeys,
            KeyPair issuerKeys,
            boolean ca,
            GeneralNames altNames,
            SecureRandom random)
            throws GeneralSecurityException, OperatorCreationException, IOException {
        Instant now = Instant.now();
        X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(
                issuer,
                new BigInteger(64, random),
                Date.from(now.minus(Duration.ofHours(1))),
                Date.from(now.plus(VALIDITY)),
                subject,
                subjectKeys.getPublic());
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(ca));
        b.addExtension(
                Extension.keyUsage,
                true,
                new KeyUsage(
                        ca
                                ? KeyUsage.keyCertSign | KeyUsage.cRLSign
                                : KeyUsage.digitalSignature | KeyUsage.keyEncipherment));
        if (altNames != null) {
            b.addExtension(Extension.subjectAlternativeName, false, altNames);
        }
        return new JcaX509CertificateConverter()
                .getCertificate(b.build(new JcaContentSignerBuilder(SIGNATURE).build(issuerKeys.getPrivate())));
    }

    private static void writeKeyStore(
            Path file, String alias, KeyPair keys, X509Certificate cert, X509Certificate ca, String password)
            throws GeneralSecurityException, IOException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        ks.load(null, null);
        ks.setKeyEntry(alias, keys.getPrivate(), password.toCharArray(), new Certificate[] {cert, ca});
        store(ks, file, password);
    }

    private static void store(KeyStore ks, Path file, String password) throws GeneralSecurityException, IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            ks.store(out, password.toCharArray());
        }
    }

    /** Never the password: this record's fields reach logs through the ensemble's description. */
    @Override
    public String toString() {
        return "TlsMaterial[" + trustStore.getParent() + "]";
    }
}
