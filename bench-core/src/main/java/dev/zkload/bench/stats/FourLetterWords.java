package dev.zkload.bench.stats;

import dev.zkload.zk.connect.ServerAddress;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import javax.net.ssl.SSLSocketFactory;

/**
 * Sends one four-letter word ({@code mntr}, {@code srvr}, {@code ruok}, …) to a server's client
 * port and returns the whole answer.
 *
 * <p>Hazard: a server that has not whitelisted the word answers with a one-line refusal
 * ({@code "mntr is not executed because it is not in the whitelist."}) rather than an error;
 * {@link #isNotWhitelisted(String)} recognises it so callers can fall back to the AdminServer.
 */
public final class FourLetterWords {
    private static final String CLOSED = "the server closed the connection without answering (as ZooKeeper does"
            + " past maxClientCnxns connections from one address)";

    private FourLetterWords() {}

    /**
     * Sends {@code word} and reads until the server closes the connection.
     *
     * @param timeout bounds the connect and every read
     * @throws IOException when the server cannot be reached or does not answer in time
     */
    public static String send(ServerAddress server, String word, Duration timeout) throws IOException {
        return send(server, word, timeout, null);
    }

    /**
     * Sends {@code word} over TLS when {@code tls} is given (a TLS-only server takes its four-letter
     * words on the secure client port, after the handshake), and reads until the server closes.
     *
     * @param tls the client's TLS sockets ({@link ClientTls}), or null for a plain connection
     * @throws IOException when the server cannot be reached, the handshake fails, or it does not answer in time
     */
    public static String send(ServerAddress server, String word, Duration timeout, SSLSocketFactory tls)
            throws IOException {
        if (word.length() != 4) {
            throw new IllegalArgumentException("a four-letter word has four letters: '" + word + "'");
        }
        int millis = (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeout.toMillis()));
        try (Socket plain = new Socket()) {
            plain.connect(new InetSocketAddress(server.host(), server.clientPort()), millis);
            plain.setSoTimeout(millis);
            Socket socket = tls == null ? plain : tls.createSocket(plain, server.host(), server.clientPort(), true);
            OutputStream out = socket.getOutputStream();
            out.write(word.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream answer = new ByteArrayOutputStream(4096);
            in.transferTo(answer);
            return answer.toString(StandardCharsets.UTF_8);
        }
    }

    /**
     * Sends {@code word} and says how it went: answered, refused (not whitelisted), or failed on the
     * way, and how — a server past {@code maxClientCnxns} connections from this address closes the
     * connection without a word, which is neither a refusal nor a reason to blame the AdminServer.
     *
     * @throws java.net.ConnectException when nothing listens on the client port: the server is down
     * @throws java.net.SocketTimeoutException when the port took the connection and said nothing within
     *     the timeout: a stalled server, not a refused word, and no reason to ask its AdminServer instead
     */
    public static Answer ask(ServerAddress server, String word, Duration timeout, SSLSocketFactory tls)
            throws java.net.ConnectException, java.net.SocketTimeoutException {
        String text;
        try {
            text = send(server, word, timeout, tls);
        } catch (java.net.ConnectException | java.net.SocketTimeoutException e) {
            throw e;
        } catch (javax.net.ssl.SSLException e) {
            return new Answer(null, "the TLS handshake failed (" + e.getMessage() + ")");
        } catch (IOException e) {
            String how = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            // a connection closed right after the accept shows as a reset or a broken pipe on our write
            boolean closed = e instanceof java.net.SocketException
                    && (how.contains("Broken pipe") || how.contains("Connection reset"));
            return new Answer(null, closed ? CLOSED : "the connection failed (" + how + ")");
        }
        if (text.isBlank()) {
            return new Answer(null, CLOSED);
        }
        return isNotWhitelisted(text) ? new Answer(null, null) : new Answer(text, null);
    }

    /**
     * What one four-letter word got.
     *
     * @param text    the answer; null when refused or failed
     * @param failure how the connection failed; null when it answered or the word is not whitelisted
     */
    public record Answer(String text, String failure) {
        public boolean answered() {
            return text != null;
        }

        /** The server took the connection and closed it without a word, as it does past {@code maxClientCnxns}. */
        public boolean closed() {
            return CLOSED.equals(failure);
        }

        /** The word is not in the server's {@code 4lw.commands.whitelist}. */
        public boolean refused() {
            return text == null && failure == null;
        }
    }

    /** True when {@code answer} is ZooKeeper's refusal of a word missing from {@code 4lw.commands.whitelist}. */
    public static boolean isNotWhitelisted(String answer) {
        return answer.contains("is not executed because it is not in the whitelist");
    }
}
